// The contracts, and with them the typed client, run in a browser: bundled for the browser platform, nothing
// may need a Node built-in (esbuild refuses to resolve `node:*` there) or Node's globals.
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const bundle = (entry: string) =>
  build({
    entryPoints: [resolve(import.meta.dirname, '..', 'src', entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });

describe('in a browser', () => {
  it('the whole of contracts bundles without Node', async () => {
    const result = await bundle('index.ts');
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('createApiClient');
    expect(code).not.toMatch(/\bprocess\.(env|versions)|\bBuffer\.|require\(["']node:/);
  });

  it('the route layer (`@travelclub/contracts/paths`) carries no schema: a first script may import it', async () => {
    const result = await bundle('paths.ts');
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('idempotency-key');
    expect(code).not.toMatch(/zod|ZodError|safeParse/);
    expect(code.length).toBeLessThan(2_000);
    // The whole of contracts, by contrast, brings zod along.
    const whole = (await bundle('index.ts')).outputFiles[0]!.text;
    expect(whole).toMatch(/ZodError/);
  });

  it('a module that needs Node is refused, so the check above can fail', async () => {
    await expect(
      build({
        stdin: { contents: "import { readFileSync } from 'node:fs'; console.log(readFileSync);", resolveDir: '.' },
        bundle: true,
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      }),
    ).rejects.toThrow(/node:fs/);
  });
});
