// `npm run seed`: fills the catalog's database with the demo supplier's deterministic inventory.
//   npm run seed -- --hotels 200000 --seed 42
// Uses MONGO_URL and MONGO_DB, or the local servers `npm run infra:up` started.
import { demoSupplier } from '@travelclub/demo-catalog';
import { connectMongo } from '@travelclub/kit';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importHotels } from './flows/seeding.js';
import { hotelStore } from './store/hotels.js';

const { values } = parseArgs({
  options: { hotels: { type: 'string', default: '20000' }, seed: { type: 'string', default: '42' } },
});
const count = Number(values.hotels);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000 || !Number.isInteger(seed)) {
  console.error('usage: npm run seed -- [--hotels 1..1000000] [--seed <integer>]');
  process.exit(2);
}

function localMongoUrl(): string | undefined {
  try {
    const env = readFileSync(new URL('../../../.infra/env', import.meta.url), 'utf8');
    return /^MONGO_URL=(.+)$/m.exec(env)?.[1];
  } catch {
    return undefined;
  }
}

const mongoUrl = process.env.MONGO_URL ?? localMongoUrl();
if (!mongoUrl) {
  console.error('No MongoDB: set MONGO_URL, or run `npm run infra:up` first.');
  process.exit(2);
}
const dbName = process.env.MONGO_DB ?? 'catalog';
const mongo = await connectMongo(mongoUrl, dbName);
try {
  const started = Date.now();
  const added = await importHotels(await hotelStore(mongo), demoSupplier({ count, seed }));
  console.log(
    `seeded ${added} new hotels (${count} asked, seed ${seed}) into ${dbName} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await mongo.close();
}
