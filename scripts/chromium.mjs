// Finds the Chromium the browser tests drive (and that Lighthouse may use): CHROME_PATH when it is set, else
// Debian's /usr/bin/chromium, installed with apt-get when it is missing and this process is root. When none
// of that works it fails with a message that says what to do: the browser tests never skip silently.
// Alone: `node scripts/chromium.mjs` prints the path (installing first when it must), or exits 1.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian's package puts it. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** An install runs once at a time on this machine (test files in parallel each ask for Chromium). */
const INSTALL_LOCK = join(tmpdir(), 'travelclub-chromium-install.lock');
/** A lock older than this belongs to an install that died: apt-get itself gives up long before. */
const STALE_LOCK_MS = 15 * 60_000;

/** Whether `path` is a file this process may run. */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const isRootUser = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * What to do, from the facts alone: `{ use: path }`, `{ install: true }` (root, no Chromium yet), or
 * `{ fail: message }`. An explicit CHROME_PATH is the only one considered: a wrong one is a mistake to
 * report, not a reason to drive some other browser.
 * @param {{ chromePath?: string, isRoot: boolean, exists: (path: string) => boolean }} facts
 * @returns {{ use: string } | { install: true } | { fail: string }}
 */
export function chromiumPlan({ chromePath, isRoot, exists }) {
  if (chromePath) {
    if (exists(chromePath)) return { use: chromePath };
    return {
      fail:
        `CHROME_PATH is ${chromePath}, but there is no executable there. ` +
        `Point CHROME_PATH at a Chromium or Chrome executable, or unset it to use ${DEBIAN_CHROMIUM}.`,
    };
  }
  if (exists(DEBIAN_CHROMIUM)) return { use: DEBIAN_CHROMIUM };
  if (isRoot) return { install: true };
  return { fail: missingMessage() };
}

const missingMessage = (detail = '') =>
  `The browser tests need Chromium and none was found: ${DEBIAN_CHROMIUM} is missing, CHROME_PATH is not set` +
  `${detail}. Install it with \`sudo apt-get install -y chromium\` (Debian, Ubuntu) or set CHROME_PATH to a ` +
  'Chromium or Chrome executable, then run the tests again.';

/** Runs a command, its output kept (it is shown only when the install fails). */
function runCommand(command, args) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, output };
}

/**
 * Installs Debian's chromium with apt-get; when the first try fails (an old or empty package list), updates
 * the list and tries once more. Returns '' or what went wrong.
 */
export function installChromium(run = runCommand, log = console.error) {
  const install = ['install', '-y', '--no-install-recommends', 'chromium'];
  log(`[chromium] ${DEBIAN_CHROMIUM} is missing: apt-get ${install.join(' ')}`);
  const first = run('apt-get', install);
  if (first.ok) return '';
  log('[chromium] the install failed; apt-get update, then once more');
  const update = run('apt-get', ['update']);
  const second = run('apt-get', install);
  if (second.ok) return '';
  return [first.output, update.output, second.output].join('\n').trim().split('\n').slice(-20).join('\n');
}

/** Runs `work` holding the machine-wide install lock (waits for another install to finish first). */
async function withInstallLock(work) {
  for (;;) {
    try {
      mkdirSync(INSTALL_LOCK);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(INSTALL_LOCK).mtimeMs > STALE_LOCK_MS) rmSync(INSTALL_LOCK, { recursive: true });
      } catch {
        // Gone in between: take it on the next turn.
      }
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(INSTALL_LOCK, { recursive: true, force: true });
  }
}

/**
 * The path of the Chromium to drive, installing it when the plan says so. Throws an Error with a clear
 * message when there is none. Every fact can be replaced, for the tests of this decision.
 */
export async function findChromium({
  env = process.env,
  isRoot = isRootUser(),
  exists = isExecutable,
  run = runCommand,
  log = console.error,
} = {}) {
  const facts = { chromePath: env.CHROME_PATH || undefined, isRoot, exists };
  const plan = chromiumPlan(facts);
  if ('use' in plan) return plan.use;
  if ('fail' in plan) throw new Error(plan.fail);
  return withInstallLock(async () => {
    // Another test file may have installed it while this one waited for the lock.
    if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    const failure = installChromium(run, log);
    if (!failure && exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    throw new Error(
      missingMessage(', and installing it with apt-get failed') + (failure ? `\napt-get said:\n${failure}` : ''),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  findChromium().then(
    (path) => console.log(path),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
