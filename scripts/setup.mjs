// Installs the npm dependencies when they are missing or older than the lockfile, so `npm start` and
// `npm test` work on a fresh clone. Plain Node, no dependencies: it runs before anything is installed, on the
// machine's own Node; what comes after it runs on the Node 24 the lockfile pins (the `node` devDependency).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`TravelClub's setup needs Node 20.19 or newer to install its own Node 24; this is ${process.version}.`);
  process.exit(1);
}

const lockfile = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.travelclub-installed');
const wanted = createHash('sha256').update(readFileSync(lockfile)).digest('hex');
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (installed !== wanted) {
  console.error('[setup] installing npm dependencies (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, wanted);
}
