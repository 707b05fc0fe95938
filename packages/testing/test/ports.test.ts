// The ports stacks listen on. Two test workers once picked the same free port before either listened: one stack's
// gateway then sent its pages to the other stack's web server, and CI failed on pages that could not be.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, portBand, startPart } from '../src/processes.js';

describe('portBand', () => {
  it('gives each test worker a band of its own, apart from other processes and below the outgoing range', () => {
    const bands = [undefined, ...Array.from({ length: 11 }, (_, i) => String(i + 1))].map((id) => portBand(id));
    const sorted = [...bands].sort((a, b) => a.from - b.from);
    sorted.slice(1).forEach((band, i) => expect(band.from).toBeGreaterThan(sorted[i]!.to));
    expect(sorted[0]!.from).toBeGreaterThanOrEqual(20_000);
    expect(sorted.at(-1)!.to).toBeLessThan(32_768);
  });

  it("picks this worker's ports in its band, never one it handed out a moment ago", async () => {
    const { from, to } = portBand(process.env.VITEST_POOL_ID);
    const picked = [];
    for (let i = 0; i < 100; i++) picked.push(await freePort());
    expect(new Set(picked).size).toBe(100);
    for (const port of picked) expect(port >= from && port <= to, `${port} in ${from}-${to}`).toBe(true);
  });
});

describe('startPart', () => {
  let other: Server | undefined;
  afterEach(() => new Promise<void>((done) => (other ? other.close(() => done()) : done())));

  it('refuses a port another process answers on, instead of taking its answers for the part', async () => {
    const port = await freePort();
    other = createServer((_, res) => res.end('ok'));
    await new Promise<void>((done) => other!.listen(port, '127.0.0.1', done));
    await expect(startPart('auth', { PORT: String(port) })).rejects.toThrow(
      `auth cannot start: port ${port} is taken by another process`,
    );
  });
});
