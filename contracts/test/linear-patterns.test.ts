// Every schema contracts exports, and every schema inside them, parses hostile 100 KB strings quickly: a
// pattern that backtracks (`/^\S+@\S+$/` took seconds) would let one public request freeze a service.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '../src/index.js';

type AnySchema = z.core.$ZodType;

/** Schemas carry the standard-schema marker; their checks carry `_zod` too, but not this. */
const isSchema = (value: unknown): value is AnySchema =>
  typeof value === 'object' && value !== null && '_zod' in value && '~standard' in value;

/**
 * Walks the exports (and plain objects of schemas, such as the event payload table) into every schema they
 * reach: object fields, array elements, union options, pipe ends, wrapped types, lazy targets. Each schema is
 * named by the first path that reached it.
 */
function reachableSchemas(exports: Record<string, unknown>): Map<AnySchema, string> {
  const named = new Map<AnySchema, string>();
  const visit = (value: unknown, name: string, depth: number): void => {
    if (isSchema(value)) {
      if (named.has(value)) return;
      named.set(value, name);
      const def = value._zod.def as unknown as Record<string, unknown>;
      for (const [key, child] of Object.entries(def)) {
        if (key === 'checks') continue;
        if (key === 'shape' && child && typeof child === 'object') {
          for (const [field, fieldSchema] of Object.entries(child)) visit(fieldSchema, `${name}.${field}`, depth);
        } else if (key === 'getter' && typeof child === 'function') {
          visit((child as () => unknown)(), `${name}<lazy>`, depth);
        } else if (Array.isArray(child)) {
          child.forEach((item, i) => visit(item, `${name}<${key}:${i}>`, depth));
        } else {
          visit(child, `${name}<${key}>`, depth);
        }
      }
      return;
    }
    if (depth < 3 && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, `${name}.${key}`, depth + 1);
    }
  };
  for (const [name, value] of Object.entries(exports)) visit(value, name, 0);
  return named;
}

const SIZE = 100_000;
/** `unit` repeated to at least 100 KB, then a tail that makes the match fail at the very end. */
const fill = (unit: string, tail = '') => unit.repeat(Math.ceil(SIZE / unit.length)) + tail;

const hostileInputs: Record<string, string> = {
  'a@ × n + space': fill('a@', ' '),
  'a@ × n + comma': fill('a@', ','),
  'a@ + a. × n + space': `a@${fill('a.', ' ')}`,
  'a × n + @': fill('a', '@'),
  'a × n @ a × n + space': `${fill('a')}@${fill('a', ' ')}`,
  'a × n + !': fill('a', '!'),
  'A × n + !': fill('A', '!'),
  'tabs + x': fill('\t', 'x'),
  'spaces + x': fill(' ', 'x'),
  'a space × n + !': fill('a ', '!'),
  'hyphens + !': fill('-', '!'),
  'a- × n + !': fill('a-', '!'),
  'a. × n + !': fill('a.', '!'),
  'dots + !': fill('.', '!'),
  'digits + x': fill('1', 'x'),
  'digit space × n + x': `+${fill('1 ', 'x')}`,
  'slashes + space': `/${fill('/', ' ')}`,
  '/a × n + space': fill('/a', ' '),
  backslashes: fill('\\'),
  'city- + a × n + !': `city-${fill('a', '!')}`,
  'date + zeros': `2024-01-01T${fill('0', 'Z!')}`,
  'url + a. × n': `https://${fill('a.', ' ')}`,
  percents: fill('%'),
  NULs: fill('\u0000'),
  'é × n + @': fill('é', '@'),
};

/**
 * Best of up to seven runs, so a busy machine does not fail a linear pattern (in CI, with the load at 17 on two
 * cores, the card number's best of three was 52.5 ms); a backtracking one takes seconds on 100 KB every time.
 */
function parseMillis(schema: AnySchema, input: string, budgetMs: number): number {
  let best = Infinity;
  for (let run = 0; run < 7 && best > budgetMs; run++) {
    const started = performance.now();
    try {
      (schema as z.ZodType).safeParse(input);
    } catch {
      // The far end of a pipe, run alone, may throw on what its near end would have refused; only time counts.
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('contracts string patterns', () => {
  const schemas = reachableSchemas(contracts as Record<string, unknown>);

  it('reach the string schemas nested in objects, pipes and tables', () => {
    const names = [...schemas.values()];
    expect(schemas.get(contracts.EmailSchema)).toBe('EmailSchema');
    expect(names).toContain('LeadGuestSchema.phone');
    expect(names).toContain('CardSchema.number<out>');
    expect(names.some((name) => name.startsWith('eventPayloadSchemas.'))).toBe(true);
    const strings = [...schemas.keys()].filter((schema) => schema._zod.def.type === 'string');
    expect(strings.length).toBeGreaterThan(50);
  });

  it('parse every hostile 100 KB input in under 50 ms', () => {
    const budgetMs = 50;
    const slow: string[] = [];
    let slowest = { schema: '', input: '', ms: 0 };
    for (const [schema, schemaName] of schemas) {
      for (const [inputName, input] of Object.entries(hostileInputs)) {
        const ms = parseMillis(schema, input, budgetMs);
        if (ms > slowest.ms) slowest = { schema: schemaName, input: inputName, ms };
        if (ms > budgetMs) slow.push(`${schemaName} on "${inputName}": ${ms.toFixed(0)} ms`);
      }
    }
    console.info(
      `slowest: ${slowest.schema} on "${slowest.input}" in ${slowest.ms.toFixed(2)} ms ` +
        `(${schemas.size} schemas × ${Object.keys(hostileInputs).length} inputs)`,
    );
    expect(slow).toEqual([]);
  });

  it('caps an email before its pattern, with the spec message', () => {
    const tooLong = `${'a'.repeat(250)}@b.example`;
    const result = contracts.EmailSchema.safeParse(tooLong);
    expect(result.error?.issues.map((issue) => [issue.code, issue.message])).toEqual([
      ['too_big', 'Invalid email address'],
    ]);
  });
});
