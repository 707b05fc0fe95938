#!/usr/bin/env node
// The `travelclub` command. Its TypeScript (and the contracts it calls the platform with) is bundled by esbuild
// into dist/ the first time it runs and again whenever a source is newer, so each command starts in a fraction
// of a second without a build step of anyone's.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const bundle = here('../dist/travelclub.mjs');
const sources = [here('../src'), here('../../contracts/src')];

/** The newest modification time under `dir`, in milliseconds. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  return latest;
}

function builtAt() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return 0;
  }
}

if (builtAt() < Math.max(...sources.map(newest))) {
  mkdirSync(here('../dist'), { recursive: true });
  // Written aside and renamed: two commands building at once never run half a file.
  const temporary = `${bundle}.${process.pid}.tmp`;
  await build({
    entryPoints: [here('../src/main.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The operator's `seed` loads the catalog's own code (TypeScript, through tsx) only when it runs.
    external: ['@travelclub/catalog', '@travelclub/catalog/*', 'tsx', 'tsx/*'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  renameSync(temporary, bundle);
}
await import(bundle);
