// How the browser tests find their Chromium (scripts/chromium.mjs): CHROME_PATH, else Debian's, installed
// with apt-get when root, else a failure that says what to do. The facts are stood in for; the command itself
// runs once with a CHROME_PATH that points nowhere.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chromiumPlan, DEBIAN_CHROMIUM, findChromium } from '../../scripts/chromium.mjs';

const script = fileURLToPath(new URL('../../scripts/chromium.mjs', import.meta.url));
const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('the plan', () => {
  it('drives CHROME_PATH when it points at an executable', () => {
    expect(chromiumPlan({ chromePath: '/opt/chrome', isRoot: true, exists: only('/opt/chrome') })).toEqual({
      use: '/opt/chrome',
    });
  });

  it('fails, naming it, when CHROME_PATH points nowhere (root or not, Debian’s or not)', () => {
    for (const isRoot of [true, false]) {
      const plan = chromiumPlan({ chromePath: '/nowhere/chrome', isRoot, exists: only(DEBIAN_CHROMIUM) });
      expect(plan).toEqual({ fail: expect.stringContaining('CHROME_PATH is /nowhere/chrome') });
    }
  });

  it('drives Debian’s Chromium when there is one', () => {
    expect(chromiumPlan({ isRoot: false, exists: only(DEBIAN_CHROMIUM) })).toEqual({ use: DEBIAN_CHROMIUM });
  });

  it('installs it when it is missing and this is root', () => {
    expect(chromiumPlan({ isRoot: true, exists: only() })).toEqual({ install: true });
  });

  it('fails with what to do when it is missing and this is not root', () => {
    const plan = chromiumPlan({ isRoot: false, exists: only() });
    expect(plan).toEqual({ fail: expect.stringContaining('sudo apt-get install -y chromium') });
    expect(plan).toEqual({ fail: expect.stringContaining('set CHROME_PATH') });
  });
});

describe('finding it', () => {
  /** A machine without Chromium where apt-get answers as told, and installs it when it succeeds. */
  function machine(answers: boolean[]) {
    const installed = new Set<string>();
    const commands: string[] = [];
    const run = (command: string, args: string[]) => {
      commands.push(`${command} ${args.join(' ')}`);
      const ok = args[0] === 'update' ? true : (answers.shift() ?? false);
      if (ok && args[0] === 'install') installed.add(DEBIAN_CHROMIUM);
      return { ok, output: ok ? '' : 'E: Unable to locate package chromium' };
    };
    const exists = (path: string) => installed.has(path);
    return { run, exists, commands, log: () => undefined };
  }

  it('installs with apt-get, and updates the package list when the first install fails', async () => {
    const m = machine([false, true]);
    await expect(findChromium({ env: {}, isRoot: true, ...m })).resolves.toBe(DEBIAN_CHROMIUM);
    expect(m.commands).toEqual([
      'apt-get install -y --no-install-recommends chromium',
      'apt-get update',
      'apt-get install -y --no-install-recommends chromium',
    ]);
  });

  it('installs once when the first try works', async () => {
    const m = machine([true]);
    await expect(findChromium({ env: {}, isRoot: true, ...m })).resolves.toBe(DEBIAN_CHROMIUM);
    expect(m.commands).toHaveLength(1);
  });

  it('fails with apt-get’s words when installing does not work', async () => {
    const m = machine([false, false]);
    const found = findChromium({ env: {}, isRoot: true, ...m });
    await expect(found).rejects.toThrow(/installing it with apt-get failed[\s\S]*Unable to locate package chromium/);
  });

  it('never runs apt-get when not root', async () => {
    const m = machine([true]);
    await expect(findChromium({ env: {}, isRoot: false, ...m })).rejects.toThrow(/none was found/);
    expect(m.commands).toEqual([]);
  });

  it('as a command: prints the path, or exits 1 with the message when CHROME_PATH points nowhere', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, [script], { env: { ...process.env, ...env } }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
    const missing = await run({ CHROME_PATH: '/nonexistent/chromium' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('CHROME_PATH is /nonexistent/chromium, but there is no executable there');
    const here = await run({ CHROME_PATH: process.execPath });
    expect(here).toMatchObject({ code: 0, stdout: `${process.execPath}\n` });
  });
});
