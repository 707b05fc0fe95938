// The real web server (web/server/server.ts on the built app) for the server tests: the app built first when its
// sources are newer than web/build (what `npm test`'s setup does too), then the server started in production
// mode on free ports with `settings` over the environment (the caller's OTEL_* left out), its output kept.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface WebServer {
  process: ChildProcess;
  /** All it has written so far, stdout and stderr. */
  output(): string;
  /** The port a line `<text> http://host:port` names, once the server has written it. */
  portFrom(text: string): Promise<string>;
  stop(): Promise<void>;
}

export function startWebServer(settings: Record<string, string>): WebServer {
  const build = spawnSync(process.execPath, [`${root}scripts/web-build.mjs`], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stdout}${build.stderr}`);
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('OTEL_')) env[name] = value;
  const server = spawn(process.execPath, ['--import', 'tsx', 'web/server/server.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: server,
    output: () => output,
    async portFrom(text) {
      const pattern = new RegExp(`${text} http://[^:]+:(\\d+)`);
      for (let waited = 0; waited < 60_000; waited += 50) {
        const port = pattern.exec(output)?.[1];
        if (port) return port;
        if (server.exitCode !== null) throw new Error(`the web server stopped:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the web server did not say "${text}":\n${output}`);
    },
    async stop() {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await once(server, 'exit');
    },
  };
}
