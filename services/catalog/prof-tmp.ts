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
console.log(tokyo);
const stay = { checkIn: day(30), checkOut: day(33), guests: 2, rooms: 1, currency: 'EUR' };
async function time(label: string, n: number, fn: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 20; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - t) / n).toFixed(3), 'ms');
}
const c = tokyo.coordinates!;
const box = { north: c.latitude + 1, south: c.latitude - 1, east: c.longitude + 1.5, west: c.longitude - 1.5 };
await time('searcher.page', 300, () => app.catalog.searcher.page({ destination: tokyo.id, ...stay }, 15, 0));
await time('searcher.map', 300, () => app.catalog.searcher.map(box, 100, stay));
await time('suggest', 1000, () => idx.suggest('s', 8));
await time('inject search', 300, () =>
  app.inject({ method: 'POST', url: '/api/v1/hotel/search', payload: { destination: tokyo.id, ...stay } }),
);
await time('inject map', 300, () =>
  app.inject({ method: 'POST', url: '/api/v1/hotel/boundingBox', payload: { boundingBox: box, ...stay } }),
);
await time('inject autocomplete', 1000, () =>
  app.inject({ method: 'GET', url: '/api/v1/destinations/autocomplete?query=s' }),
);
await app.close();
