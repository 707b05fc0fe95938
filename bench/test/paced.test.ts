// The paced load of the benches (bench/web/paced.ts) against a server of known speed: it sends at its rate
// whatever the answers take, and counts a visitor's wait from when the visitor came, so a server slower than the
// rate shows waits that grow, not its own answer time (which a load that waits for each answer would report).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedRun } from '../web/paced.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server answering one request at a time, each `ms` after the last: `1000 / ms` answers a second at most. */
async function serverOfSpeed(ms: number, status = (_path: string) => 200): Promise<string> {
  let free = Date.now();
  server = createServer((req, res) => {
    free = Math.max(free, Date.now()) + ms;
    setTimeout(() => {
      res.writeHead(status(req.url ?? '/'));
      res.end('page');
    }, free - Date.now());
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const options = { seconds: 1, warmup: 0, connections: 200, pids: {} };

describe('the paced load', () => {
  it('sends its rate and counts each answer from when it was due', async () => {
    const origin = await serverOfSpeed(1);
    const load = await pacedRun(origin, () => ({ path: '/', headers: {} }), { ...options, rate: 200 });
    expect(load.window.requests).toBe(200);
    expect(load.rps).toBeGreaterThan(150);
    expect(load.p99).toBeLessThan(100);
    expect(load.non2xx + load.errors + load.timeouts).toBe(0);
  });

  it('counts the wait behind a server slower than the rate', async () => {
    // 25 answers a second at most, asked for 100 a second over one connection: the requests wait for it here, and
    // the last of the second's 100 waits some 3 seconds (a load that sent each after the last answer: 40 ms).
    const origin = await serverOfSpeed(40);
    const load = await pacedRun(origin, () => ({ path: '/', headers: {} }), {
      ...options,
      connections: 1,
      rate: 100,
    });
    expect(load.window.requests).toBe(100);
    expect(load.p99).toBeGreaterThan(2_500);
    expect(load.p50).toBeGreaterThan(1_000);
    expect(load.rps).toBeLessThan(40);
  }, 10_000);

  it('tells the answers apart by the visit’s kind, and counts refusals', async () => {
    const origin = await serverOfSpeed(1, (path) => (path === '/gone' ? 404 : 200));
    let n = 0;
    const visit = () => (n++ % 4 === 0 ? { path: '/gone', headers: {} } : { path: '/', headers: {}, kind: 'page' });
    const load = await pacedRun(origin, visit, { ...options, rate: 100 });
    expect(load.non2xx).toBe(25);
    expect(load.kinds).toEqual([expect.objectContaining({ kind: 'page', n: 75 })]);
  });
});
