// What an answer kept by its ETag saves the web server and the service, per call: the web server's typed client
// (the loaders' transport, web/app/lib/pooled-fetch.server.ts) asks a stand-in service, in a process of its own,
// for a hotel page and a club page, each captured from bench:web's platform (bench/fixtures). "plain" reads and
// parses the whole answer every time, as before answers were kept; "kept" holds the last one and asks with
// If-None-Match, so the unchanged answer comes back 304. The stand-in does per answer what the real service does:
// the catalog serialises its kept hotel page, the creator service sends its kept text. CPU is the kernel's count
// for each process (no profiler), in rounds alternating plain and kept.
// Usage: npm run bench:kept-answers [-- --calls 4000 --rounds 4 --concurrency 10]
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, endpoints, type KeptAnswer } from '@travelclub/contracts';
import { pooledFetch } from '@travelclub/web/pooled-fetch';
import { benchOptions } from './setup.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const PAGES = {
  hotel: { etag: 'W/"hotel"', value: JSON.parse(fixture('hotel-view.json')) as unknown, keptAsText: false },
  club: { etag: 'W/"club"', value: JSON.parse(fixture('club-view.json')) as unknown, keptAsText: true },
};
type Page = keyof typeof PAGES;

/** The stand-in service: a 304 to the holder of the tag, else the page as its service writes it. */
function serve() {
  const texts = { hotel: JSON.stringify(PAGES.hotel.value), club: JSON.stringify(PAGES.club.value) };
  const server = createServer((req, res) => {
    const page: Page = req.url!.startsWith('/api/v1/hotel/') ? 'hotel' : 'club';
    const { etag, value, keptAsText } = PAGES[page];
    res.setHeader('etag', etag).setHeader('cache-control', 'public, no-cache');
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(keptAsText ? texts[page] : JSON.stringify(value));
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}

/** User and system CPU of a process so far, in µs (the kernel's count, in clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function measure() {
  const values = benchOptions({ calls: 4000, rounds: 4, concurrency: 10 });
  const service = fork(new URL(import.meta.url).pathname, ['--serve'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => service.once('message', (p) => resolve(p as number)));
  const base = `http://127.0.0.1:${port}`;
  const calls = {
    hotel: [endpoints.catalog.hotelBySlug, { params: { slug: 'panorama-palace-new-york-city-0fy6ykh' } }],
    club: [endpoints.creator.clubView, { params: { slug: 'bench-travels' }, query: {} }],
  } as const;

  const transport = pooledFetch(base);
  async function round(page: Page, kept: boolean) {
    const [endpoint, input] = calls[page];
    const client = createApiClient({
      baseUrl: base,
      fetch: transport,
      ...(kept && { kept: new Map<string, KeptAnswer>() }),
    });
    const call = () => client.call(endpoint, input);
    for (let i = 0; i < 200; i++) await call();
    const [own, theirs] = [process.cpuUsage(), cpuOf(service.pid!)];
    for (let i = 0; i < values.calls; i += values.concurrency)
      await Promise.all(Array.from({ length: values.concurrency }, call));
    const used = process.cpuUsage(own);
    return { web: (used.user + used.system) / values.calls, service: (cpuOf(service.pid!) - theirs) / values.calls };
  }

  const figures: Record<string, number[]> = {};
  for (const page of ['hotel', 'club'] as const)
    for (let r = 0; r < values.rounds; r++)
      for (const kept of r % 2 ? [true, false] : [false, true]) {
        const { web, service: theirs } = await round(page, kept);
        const label = `${page}_${kept ? 'kept' : 'plain'}`;
        (figures[`${label}_web_us`] ??= []).push(web);
        (figures[`${label}_service_us`] ??= []).push(theirs);
        console.log(`${label}: web ${web.toFixed(1)} µs of CPU a call, service ${theirs.toFixed(1)} µs`);
      }
  service.kill();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const result = Object.entries(figures).map(([name, xs]) => `${name}=${median(xs).toFixed(1)}`);
  console.log(`RESULT ${result.join(' ')}`);
}

if (process.argv.includes('--serve')) serve();
else await measure();
