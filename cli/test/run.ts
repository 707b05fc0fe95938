// Runs `travelclub` as a real process, as support staff would, against a platform the test started: its own
// config directory (where the session is kept), its exit code, stdout and stderr.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/travelclub.js', import.meta.url));

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** One support person's machine: a home of their own (XDG_CONFIG_HOME), pointed at `api`. */
export function desk(api: string, extraEnv: Record<string, string> = {}) {
  const configHome = mkdtempSync(join(tmpdir(), 'travelclub-cli-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: configHome,
    XDG_CONFIG_HOME: configHome,
    TRAVELCLUB_API: api,
    ...extraEnv,
  };
  const run = (args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<Ran> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [BIN, ...args],
        { env: { ...env, ...options.env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
        (err, stdout, stderr) => {
          const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end(options.input ?? '');
    });
  return {
    configHome,
    credentials: join(configHome, 'travelclub', 'credentials.json'),
    run,
    /** The command's stdout parsed as JSON, failing the test with its stderr when it did not succeed. */
    async json<T = Record<string, unknown>>(args: string[]): Promise<T> {
      const ran = await run([...args, '--json']);
      if (ran.code !== 0) throw new Error(`travelclub ${args.join(' ')} exited ${ran.code}: ${ran.stderr}`);
      return JSON.parse(ran.stdout) as T;
    },
  };
}
export type Desk = ReturnType<typeof desk>;
