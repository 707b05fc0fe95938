// Builds the web app (`npm run build -w web`) when web/build is missing or older than any of its sources, so
// `npm start`, the test platform and the benches never serve a stale app. Prints one line when it builds and
// fails with the build's own output when the build fails. Plain Node; runs alone or imported (start.mjs).
//   node scripts/web-build.mjs            build if needed
//   node scripts/web-build.mjs --force    build anyway
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
/** What a build is made from: a change to any file here means a new build. */
const SOURCES = [
  'web/app',
  'web/map',
  'web/public',
  'web/vite.config.ts',
  'web/react-router.config.ts',
  'web/package.json',
  'package-lock.json',
];
/** Written last by a build (the server bundle comes after the client's), so its time is the build's. */
const BUILT = join(web, 'build', 'server', 'index.js');
// Under node_modules: ignored by git, and per checkout.
const LOCK = join(root, 'node_modules', '.web-build-lock');

/** The newest modification time under `path` (a file or a folder, recursively); 0 when it does not exist. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why the app needs a build, or undefined when web/build is newer than every source. */
export function staleness() {
  if (!existsSync(BUILT) || !existsSync(join(web, 'build', 'client'))) return 'web/build is missing';
  const builtAt = statSync(BUILT).mtimeMs;
  const changed = SOURCES.find((source) => newest(join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** One build at a time on this checkout (tests start several platforms at once): a lock folder with its pid. */
async function withLock(work) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const holder = Number(existsSync(join(LOCK, 'pid')) ? readFileSync(join(LOCK, 'pid'), 'utf8') : 0);
      // A holder that died leaves its lock behind; one still writing its pid is given a moment.
      if (holder && !isAlive(holder)) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((done) => setTimeout(done, 250));
    }
  }
  try {
    writeFileSync(join(LOCK, 'pid'), String(process.pid));
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function runBuild() {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'build', '-w', 'web'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (err) => fail(new Error(`the web app's build could not run: ${err.message}`)));
    child.once('close', (code) => {
      if (code === 0) return done();
      const tail = output.trim().split('\n').slice(-40).join('\n');
      fail(new Error(`the web app's build failed (npm run build -w web, exit ${code}):\n${tail}`));
    });
  });
}

/**
 * Builds the web app when it is missing or stale (or always, with `force`). Resolves to true when it built;
 * rejects with the build's output when the build fails.
 */
export async function buildWebIfStale({ force = false, log = (line) => console.log(line) } = {}) {
  if (!force && !staleness()) return false;
  return withLock(async () => {
    // Another process may have built it while this one waited for the lock.
    const why = force ? 'asked to' : staleness();
    if (!why) return false;
    log(`[web] building the web app (${why})...`);
    await runBuild();
    return true;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildWebIfStale({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
