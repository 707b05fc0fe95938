// System test: the deploy folders (`npm run build:deploy`, all that each part's image copies) run alone. Every
// part is built into a temporary folder outside the repository, where nothing resolves from its node_modules,
// and checked: its size limit, and no devDependency either installed or bundled. Then every part, the web
// server too, starts from there with plain `node --enable-source-maps server.js` (no tsx), and a traveller books
// a room through the gateway, gets the confirmation mail, and opens the site's home page.
import { testInfra, uniqueName, waitForMail } from '@travelclub/kit/testing';
import { buildWeb, inDays, startStack, Traveller, type PartName, type Stack } from '@travelclub/testing';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPart, PARTS as DEPLOY_PARTS, sizeLimitOf } from '../../scripts/build-deploy.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const PARTS = Object.keys(DEPLOY_PARTS) as PartName[];
/** Tools of development that no folder may hold or bundle, whichever manifest names them. */
const TOOLS = ['tsx', 'esbuild', 'typescript', 'vite', '@react-router/dev', 'vitest', 'eslint', 'prettier'];

let deployDir: string;
const sizes = new Map<PartName, number>();
let stack: Stack | undefined;

beforeAll(async () => {
  // The web app's build (web/build) comes along in its folder.
  await buildWeb();
  deployDir = mkdtempSync(join(tmpdir(), 'travelclub-deploy-'));
  const built = await Promise.all(PARTS.map((part) => buildPart(part, join(deployDir, part))));
  PARTS.forEach((part, i) => sizes.set(part, built[i]!.size));
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  if (deployDir) rmSync(deployDir, { recursive: true, force: true });
});

/**
 * The packages a part may run with: the dependencies of its manifest and of the workspace packages in `from`,
 * and theirs, all the way down (never a devDependency).
 */
function productionClosure(part: PartName, from: string[]): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, object | undefined>;
    const deps = [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies];
    for (const name of deps.flatMap((list) => Object.keys(list ?? {}))) {
      if (names.has(name)) continue;
      names.add(name);
      // Where Node finds it from `dir` (a workspace package through its link in node_modules).
      for (let from = dir; ; from = dirname(from)) {
        const candidate = join(from, 'node_modules', name);
        if (existsSync(join(candidate, 'package.json'))) {
          visit(candidate);
          break;
        }
        if (dirname(from) === from) break;
      }
    }
  };
  visit(join(root, DEPLOY_PARTS[part]!.dir));
  for (const name of from) visit(realpathSync(join(root, 'node_modules', name)));
  return names;
}

/** Every package installed in `dir`'s node_modules, at any depth. */
function installed(dir: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      const names = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((n) => `${entry}/${n}`) : [entry];
      for (const name of names) {
        if (!existsSync(join(modules, name, 'package.json'))) continue;
        found.push(name);
        walk(join(modules, name, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

/** Every package whose code a folder's bundles hold (the build's list of them, from esbuild's metafile). */
const bundled = (dir: string) => Object.keys(JSON.parse(readFileSync(join(dir, 'bundled.json'), 'utf8')) as object);

it('builds every part into a folder within its size limit, outside the repository', () => {
  expect(deployDir.startsWith(root + sep)).toBe(false);
  // Nothing above the folders could lend a part a package.
  for (let dir = deployDir; dirname(dir) !== dir; dir = dirname(dir)) {
    expect(existsSync(join(dirname(dir), 'node_modules')), dirname(dir)).toBe(false);
  }
  const report = PARTS.map((part) => `${part} ${(sizes.get(part)! / 1024 / 1024).toFixed(1)} MB`).join(', ');
  for (const part of PARTS) {
    expect(sizes.get(part)!, `${part} (${report})`).toBeLessThanOrEqual(sizeLimitOf(part) * 1024 * 1024);
    expect(existsSync(join(deployDir, part, 'server.js')), part).toBe(true);
  }
});

it('holds and bundles only production dependencies of each part', () => {
  for (const part of PARTS) {
    const folder = join(deployDir, part);
    // Its own workspace packages that its code imports (the kit, the contracts, ...): theirs are its own.
    const workspaces = bundled(folder).filter((name) => name.startsWith('@travelclub/'));
    // The web app's server build holds the contracts' code (Vite inlines a linked workspace package), which
    // web/package.json does not name: their zod is the web server's too.
    if (part === 'web') workspaces.push('@travelclub/contracts');
    const allowed = productionClosure(part, workspaces).add(`@travelclub/${part}`);
    const used = [...installed(folder), ...bundled(folder)];
    expect(used.length, part).toBeGreaterThan(0);
    expect(
      used.filter((name) => !allowed.has(name) || TOOLS.includes(name)),
      `${part} carries packages that are not its production dependencies`,
    ).toEqual([]);
  }
});

it('runs every part from its folder with plain node, and books a room through the gateway', async () => {
  stack = await startStack(testInfra(), { web: true, env: { DEPLOY_DIR: deployDir, NODE_PATH: '' } });

  // Every part is a process started in its folder with node alone: no tsx loader, no TypeScript.
  const running = runningIn(deployDir);
  expect(running.map(({ part }) => part).sort()).toEqual([...PARTS].sort());
  for (const { part, command } of running) {
    expect(command, part).toEqual([process.execPath, '--enable-source-maps', 'server.js']);
  }

  // A visitor searches, holds a room, signs up, pays, and is confirmed through the event and by mail.
  const traveller = await new Traveller(stack.gateway).visit();
  const { searchId, availability } = await traveller.findStay({
    destination: 'country-US',
    checkIn: inDays(45),
    checkOut: inDays(47),
  });
  expect(availability.status).toBe(200);
  const stay = Traveller.cheapest(availability.body, searchId);
  const cart = await traveller.createItinerary();
  const added = await traveller.addRoom(cart.id, stay);
  expect(added.status).toBeLessThan(300);
  const email = `${uniqueName('deploy')}@example.test`;
  expect((await traveller.signUp(email)).status).toBe(201);
  const confirmed = await traveller.checkoutItinerary(added.body, email);
  expect(confirmed.status).toBe('confirmed');
  const mail = await waitForMail(email, { timeoutMs: 20_000, subject: /confirmed/i });
  expect(mail.text).toContain(cart.id);

  // The web server's pages, through the gateway, from its folder's own build of the app.
  const home = await fetch(`${stack.gateway}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await home.text()).toContain('<div');

  // Each folder's health check (the image's HEALTHCHECK) passes against its running part.
  for (const part of PARTS) {
    const check = await run(process.execPath, ['healthcheck.js'], {
      cwd: join(deployDir, part),
      env: { ...process.env, PORT: new URL(stack.parts[part].url).port },
    });
    expect(check.code, part).toBe(0);
  }
}, 240_000);

/** The processes whose working folder is a part's folder under `dir`, with their command line. */
function runningIn(dir: string) {
  const found: { part: PartName; command: string[] }[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      const part = PARTS.find((name) => cwd === join(dir, name));
      if (!part) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      found.push({ part, command });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const execFileAsync = promisify(execFile);
const run = (file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) =>
  execFileAsync(file, args, options).then(
    () => ({ code: 0 }),
    (err: { code?: number }) => ({ code: err.code ?? 1 }),
  );
