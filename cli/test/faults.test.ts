// What the command line does with a platform that misbehaves: one that takes the connection and never answers
// (every command gives up after --timeout, exit 4, JSON with --json), and one whose answers carry terminal
// escapes that people typed (never printed: a guest name cannot clear support's screen or plant a link).
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desk, type Desk } from './run.js';

let silent: Server;
let silentApi: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // Accepts every connection, reads the request, and never says a word.
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  silentApi = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
});

/** A desk already signed in to `api`: a saved session whose access token is good for an hour. */
async function signedInDesk(api: string): Promise<Desk> {
  const staff = desk(api);
  await mkdir(join(staff.configHome, 'travelclub'), { recursive: true, mode: 0o700 });
  const session = {
    email: 'support@example.test',
    userId: 'staff-1',
    roles: ['role/support'],
    refreshToken: 'family.secret',
    accessToken: 'a.b.c',
    accessExpiresAt: Date.now() + 3_600_000,
    signedInAt: new Date().toISOString(),
  };
  await writeFile(staff.credentials, JSON.stringify({ sessions: { [api]: session } }), { mode: 0o600 });
  return staff;
}

describe('a platform that never answers', () => {
  it('ends login after --timeout with exit code 4 and says so', async () => {
    const started = Date.now();
    const ran = await desk(silentApi).run(
      ['login', '--email', 'a@example.test', '--password-stdin', '--timeout', '1'],
      {
        input: 'a password',
      },
    );
    expect(ran.code).toBe(4);
    expect(ran.stderr.trim()).toBe(
      `error: The platform at ${silentApi} did not answer within 1 s. Is it overloaded or stuck? (--timeout to wait longer)`,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('ends signed-in reads and health the same way, with the error as JSON under --json', async () => {
    const staff = await signedInDesk(silentApi);
    const list = await staff.run(['itineraries', 'list', '--timeout', '1', '--json']);
    expect(list.code).toBe(4);
    expect(list.stdout).toBe('');
    expect(JSON.parse(list.stderr)).toEqual({
      error: {
        exitCode: 4,
        code: 'timeout',
        message: `The platform at ${silentApi} did not answer within 1 s. Is it overloaded or stuck? (--timeout to wait longer)`,
      },
    });
    const health = await staff.run(['health', '--timeout', '1']);
    expect(health.code).toBe(4);
    expect(health.stderr).toContain('did not answer within 1 s');
  });

  it('has a 30 s time-out by default, and refuses one that is not a number of seconds', async () => {
    const { run } = desk(silentApi);
    const help = await run(['--help']);
    expect(help.stdout).toMatch(/--timeout <seconds>[\s\S]*\(default: 30\)/);
    const bad = await run(['health', '--timeout', 'soon', '--json']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error).toMatchObject({ exitCode: 2, code: 'usage' });
  });
});

describe('answers that carry terminal escapes', () => {
  const ESC = '\u001b';
  const note = `Call me${ESC}[2J${ESC}]8;;https://evil.example/${ESC}\\Open your booking${ESC}]8;;${ESC}\\ \u202eevil\u009b2J\r`;
  const request = {
    id: 'req-1',
    userId: 'user-1',
    handle: 'cara-creator',
    status: 'pending',
    links: [`https://video.example/cara${ESC}[31m`],
    note,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  let api: string;
  let server: ReturnType<typeof createHttpServer>;
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/v1/creator/verification?') && !req.url.includes('handle=nobody')) {
        res.end(JSON.stringify({ requests: [request] }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 'not-found', message: `Not found${ESC}[2J${ESC}]0;pwned${ESC}\\` } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    api = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  // Anything a terminal acts on: C0 but tab and newline, DEL, C1, bidirectional embeddings and overrides.
  const CONTROL = /(?![\t\n])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

  it('prints the text without its control characters, in tables, blocks, JSON and errors', async () => {
    const staff = await signedInDesk(api);
    const table = await staff.run(['creators', 'requests']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(CONTROL);
    expect(table.stdout).toContain('Call me');

    const one = await staff.run(['creators', 'requests', 'cara-creator']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).not.toMatch(CONTROL);
    expect(one.stdout).toContain('Call meOpen your booking evil');
    expect(one.stdout).not.toContain('evil.example');
    expect(one.stdout).toContain('https://video.example/cara\n');

    const json = await staff.run(['creators', 'requests', 'cara-creator', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).not.toMatch(CONTROL);
    expect(json.stdout).not.toContain('\\u001b');
    expect(JSON.parse(json.stdout).note).toBe('Call meOpen your booking evil');

    const missing = await staff.run(['creators', 'requests', 'nobody']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('error: Not found');
  });
});
