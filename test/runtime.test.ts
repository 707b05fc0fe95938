// The runtime is Node 24 LTS: the pinned `node` devDependency puts it first on the PATH of every npm script, so
// `npm test` (this run), `npm start` and the benches run on it even where the machine's own Node is older.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

describe('the runtime', () => {
  it('runs the tests on Node 24', () => {
    expect(majorOf(process.versions.node)).toBe(24);
  });

  it('pins Node 24 and its types, and asks for it in engines', () => {
    expect(majorOf(manifest.devDependencies.node!)).toBe(24);
    expect(majorOf(manifest.devDependencies['@types/node']!)).toBe(24);
    expect(manifest.engines.node).toMatch(/^>=24\./);
  });

  it('gives an npm script the pinned Node, not the machine’s own', () => {
    // A bare `node` in a script resolves through the PATH npm gives it, node_modules/.bin first.
    const run = spawnSync('npm', ['exec', '--', 'node', '-p', 'process.versions.node'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `/usr/local/bin:/usr/bin:/bin:${process.env.PATH ?? ''}` },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(majorOf(run.stdout)).toBe(24);
  });

  it('never runs a bare `node` after setup in the same script', () => {
    // On a fresh clone `node_modules/.bin/node` appears only during `setup.mjs`, and the script's shell has
    // remembered where it found `node` before: a later bare `node` in that script would be the machine's own.
    // Such scripts go on through `npm run` (a new lookup) or a package's bin (`#!/usr/bin/env node`).
    const afterSetup = Object.entries(manifest.scripts)
      .filter(([, script]) => script.startsWith('node scripts/setup.mjs && '))
      .filter(([, script]) => /&&\s*node\s/.test(script.slice('node scripts/setup.mjs && '.length)))
      .map(([name]) => name);
    expect(afterSetup).toEqual([]);
    expect(
      Object.keys(manifest.scripts).filter((name) => manifest.scripts[name]!.startsWith('node scripts/setup.mjs')),
    ).toContain('start');
  });
});
