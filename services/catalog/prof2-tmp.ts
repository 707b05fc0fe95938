import { CatalogConfigSchema } from './src/config.js';
import { buildApp } from './src/app.js';
import { readFileSync } from 'node:fs';
const env = Object.fromEntries(
  readFileSync('/work/main/.infra/env', 'utf8')
    .trim()
    .split('\n')
    .map((l: string) => l.split('=')),
);
const app = await buildApp(
  CatalogConfigSchema.parse({
    ...env,
    MONGO_DB: 'seedtest_20k',
    LOG_LEVEL: 'warn',
    KAFKA_TOPIC_PREFIX: 'prof.',
    QUEUE_PREFIX: 'prof',
    PORT: '0',
  }),
);
const day = (o: number) => new Date(Date.now() + o * 86400000).toISOString().slice(0, 10);
const idx = app.catalog.index();
const tokyo = idx.suggest('tokyo', 5).find((d) => d.locationType === 'city')!;
const stay = { checkIn: day(30), checkOut: day(33), guests: 2, rooms: 1, currency: 'EUR' };
const c = tokyo.coordinates!;
const box = { north: c.latitude + 1, south: c.latitude - 1, east: c.longitude + 1.5, west: c.longitude - 1.5 };
const r = await app.inject({
  method: 'POST',
  url: '/api/v1/hotel/boundingBox',
  payload: { boundingBox: box, ...stay },
});
console.log('map bytes', r.body.length);
const t = performance.now();
for (let i = 0; i < 2000; i++)
  await app.inject({ method: 'POST', url: '/api/v1/hotel/boundingBox', payload: { boundingBox: box, ...stay } });
console.log('inject map', ((performance.now() - t) / 2000).toFixed(3));
await app.close();
