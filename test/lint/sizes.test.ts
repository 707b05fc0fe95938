// The size limits (eslint.config.js): no source file over 400 lines, no function over 80, tests exempt. Each
// case lints text under a path that exists nowhere, so the rule cannot stop applying unnoticed.
import { describe, expect, it } from 'vitest';
import { imagined } from './eslint.js';

const eslint = imagined;

/** The size rules that `text` breaks at `file`. */
async function broken(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: file });
  return result!.messages.map((m) => m.ruleId ?? m.message).filter((rule) => rule.startsWith('max-lines'));
}

/** A function of `lines` lines in all. */
const functionOf = (lines: number) =>
  `export function f(): number {\n${'  void 0;\n'.repeat(lines - 3)}  return 1;\n}\n`;
const fileOf = (lines: number) => 'export const x = 1;\n'.repeat(lines);

describe('the size limits', () => {
  it.each([
    'services/auth/src/flows/x.ts',
    'services/itinerary/src/x.ts',
    'services/billing/src/x.ts',
    'services/catalog/src/x.ts',
    'gateway/src/x.ts',
    'contracts/src/x.ts',
    'packages/testing/src/x.ts',
  ])('refuse a function over 80 lines and a file over 400 in %s', async (file) => {
    expect(await broken(file, functionOf(80))).toEqual([]);
    expect(await broken(file, functionOf(81))).toEqual(['max-lines-per-function']);
    expect(await broken(file, fileOf(400))).toEqual([]);
    expect(await broken(file, fileOf(401))).toEqual(['max-lines']);
  });

  it.each(['services/auth/test/x.test.ts', 'test/system/x.test.ts'])('leave tests alone: %s', async (file) => {
    expect(await broken(file, functionOf(200) + fileOf(400))).toEqual([]);
  });
});
