// What a shared hotel page costs the web server once its two seconds are over, against its first render: the
// built web server (web/server/server.ts, production) in a process of its own, its catalog and creator service
// stood in for here with answers captured from bench:web's platform (bench/fixtures), tagged as the real services
// tag them. Each round opens every one of --pages hotel pages from a club link (`?creator=`, as a shared link
// does: two calls each), once; the first round renders them, each later one comes after their time (2.3 s) and
// so checks each kept page: by its calls' tags alone ('revalidated') or, in a build from before 2026-12-03, by
// its loaders and React Router ('reused'). CPU is the kernel's count for the web server's process.
// Usage: npm run bench:shared-pages [-- --pages 400 --rounds 5 --concurrency 8 --web-dir <another checkout's web
//        folder, built>]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { buildWeb, freePort, processGroup, waitFor } from '@travelclub/testing';
import { benchOptions } from './setup.js';
import { cpuMs } from './web/cpu.js';

const values = benchOptions({ pages: 400, rounds: 5, concurrency: 8 }, { 'web-dir': { type: 'string', default: '' } });
const webDir = values['web-dir'] ? resolve(values['web-dir']) : resolve(import.meta.dirname, '..', 'web');
if (!values['web-dir']) await buildWeb();

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const hotelView = fixture('hotel-view.json') as Record<string, unknown>;
const clubView = fixture('club-view.json') as { profile: { slug: string } };
const clubText = JSON.stringify(clubView);

/** The catalog and the creator service: each answer tagged, and a 304 to whoever holds the tag. */
const services = createServer((req, res) => {
  const slug = /\/hotel\/by-slug\/([^/?]+)/.exec(req.url ?? '')?.[1];
  const etag = slug ? `W/"${slug}"` : 'W/"club"';
  res.setHeader('etag', etag).setHeader('cache-control', 'public, no-cache');
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(slug ? JSON.stringify({ ...hotelView, id: `h-${slug}`, slug, name: `Hotel ${slug}` }) : clubText);
});
await new Promise<void>((done) => services.listen(0, '127.0.0.1', done));
const serviceUrl = `http://127.0.0.1:${(services.address() as AddressInfo).port}`;

const [port, metricsPort] = [await freePort(), await freePort()];
const web = processGroup();
const pid = web.start(join(webDir, 'server/server.ts'), {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  METRICS_PORT: String(metricsPort),
  LOG_LEVEL: 'warn',
  CATALOG_URL: serviceUrl,
  CREATOR_URL: serviceUrl,
});

try {
  const site = `http://127.0.0.1:${port}`;
  const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  await waitFor(`${site}/health/ready`, 60_000);
  const paths = Array.from({ length: values.pages }, (_, i) => `/hotel/hotel-${i}?creator=${clubView.profile.slug}`);
  const open = async (path: string) => {
    const res = await fetch(site + path, { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  };
  /** One round over every page, `concurrency` at a time; the web server's CPU ms a page. */
  const round = async () => {
    const before = cpuMs({ web: pid }).web!;
    for (let i = 0; i < paths.length; i += values.concurrency)
      await Promise.all(paths.slice(i, i + values.concurrency).map(open));
    return (cpuMs({ web: pid }).web! - before) / paths.length;
  };
  const rendered = await round();
  const after: number[] = [];
  for (let i = 0; i < values.rounds; i++) {
    await new Promise((done) => setTimeout(done, 2_300));
    after.push(await round());
  }
  const outcomes = (await (await fetch(metrics)).text())
    .split('\n')
    .filter((line) => line.startsWith('web_shared_pages_total'))
    .map((line) => line.replace(/^web_shared_pages_total\{outcome="(\w+)"\} /, '$1 '));
  const median = [...after].sort((a, b) => a - b)[Math.floor(after.length / 2)]!;
  console.log(`${values.pages} hotel pages from a club link, web server of ${webDir}`);
  console.log(`first round (rendered): ${rendered.toFixed(3)} ms of web-server CPU a page`);
  console.log(`rounds after their time: ${after.map((ms) => ms.toFixed(3)).join(', ')} ms a page`);
  console.log(`the web server's count of shared pages: ${outcomes.join(', ')}`);
  console.log(`RESULT rendered_web_ms=${rendered.toFixed(3)} after_time_web_ms=${median.toFixed(3)}`);
} finally {
  await web.stopAll();
  services.close();
}
