// How fast a club page's data comes: `GET /api/v1/bff/creator/{slug}` through the gateway for a creator with 50
// recommended stays and 10 active packages (profile, recommendations with the catalog's priced hotel cards,
// packages and guides in one answer). The platform runs as `npm start` runs it, every part its own process; the
// parts the club page does not use are stopped before the load. autocannon runs here flat out for the
// throughput; then the answers are asked for at a fixed rate below it, each on its own clock, for the latency
// (web/paced.ts: autocannon's own rate sends each second's share back to back, a burst at full speed).
// Usage: npm run bench:club [-- --seconds 10 --connections 20 --rate 400 --paced-connections 100 --recommendations 50
//        --packages 10 --cache-ms 3000]
import type { ClubView } from '@travelclub/contracts';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { catalogRooms, Creator, startStack } from '@travelclub/testing';
import { benchOptions, stackInfra } from './setup.js';
import { pacedRun } from './web/paced.js';

const values = benchOptions({
  seconds: 10,
  warmup: 3,
  connections: 20,
  rate: 400,
  'paced-connections': 100,
  recommendations: 50,
  packages: 10,
  hotels: 2000,
  // The creator service's CLUB_CACHE_MS: 0 measures every answer built afresh (a long tail of clubs).
  'cache-ms': 3000,
});

const { infra, catcher } = await stackInfra(50);
console.log('starting the platform ...');
const stack = await startStack(infra, {
  hotels: values.hotels,
  env: { LOG_LEVEL: 'warn' },
  partEnv: { creator: { CLUB_CACHE_MS: String(values['cache-ms']) } },
});

async function stop() {
  await stack.stop();
  await catcher.close();
}

try {
  // ---------- a creator's club, made through the API ----------
  const creator = await new Creator(stack.gateway).signUp(`bench-${Date.now()}@example.test`, 'Bench Club');
  const hero = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#28536b' } })
    .jpeg()
    .toBuffer();
  await creator.uploadHeroImage(hero);
  const rooms = await catalogRooms(stack.gateway, values.recommendations);
  for (const [i, room] of rooms.entries()) {
    const res = await creator.recommend(room.hotelId, `Stay ${i + 1}`, 'Quiet rooms, a pool and a view of the sea.');
    if (res.status !== 201) throw new Error(`recommendation answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  for (let i = 0; i < values.packages; i++) {
    await creator.publishPackage(`Package ${i + 1}`, rooms.slice(i * 3, i * 3 + 3));
  }
  const url = `${stack.gateway}/api/v1/bff/creator/${creator.slug}`;
  const sample = (await (await fetch(url)).json()) as ClubView;
  const bytes = JSON.stringify(sample).length;
  console.log(
    `club ${creator.slug}: ${sample.recommendations.length} recommendations, ${sample.packages.length} packages, ` +
      `${(bytes / 1024).toFixed(1)} KB of JSON`,
  );
  if (sample.recommendations.length !== values.recommendations || sample.packages.length !== values.packages)
    throw new Error('the club page does not show what was made');

  // The club page needs the gateway, the creator service and the catalog only.
  for (const part of ['itinerary', 'billing', 'notifications', 'auth'] as const) await stack.parts[part].stop();

  const run = (seconds: number) => autocannon({ url, connections: values.connections, duration: seconds });
  await run(values.warmup);
  const flat = await run(values.seconds);
  console.log(`flat out: ${flat.requests.average.toFixed(0)} req/s, p99 ${flat.latency.p99} ms, errors ${flat.non2xx}`);
  const path = new URL(url).pathname;
  const paced = await pacedRun(stack.gateway, () => ({ path, headers: { accept: 'application/json' } }), {
    ...values,
    connections: values['paced-connections'],
    pids: {},
  });
  console.log(
    `paced at ${values.rate}/s (answered ${paced.rps.toFixed(0)}/s): p50 ${paced.p50} ms, p99 ${paced.p99} ms, ` +
      `errors ${paced.non2xx + paced.errors + paced.timeouts}`,
  );
  if (flat.non2xx + flat.errors + paced.non2xx + paced.errors + paced.timeouts > 0)
    throw new Error('the club page answered errors');
  console.log(
    `RESULT club_rps=${flat.requests.average.toFixed(0)} club_p99_ms=${paced.p99} ` +
      `club_p99_flat_ms=${flat.latency.p99} paced_rps=${paced.rps.toFixed(0)} club_kb=${(bytes / 1024).toFixed(1)} ` +
      `cache_ms=${values['cache-ms']}`,
  );
} finally {
  await stop();
}
