// `npm run seed`: fills the catalog's database with the demo supplier's deterministic inventory.
//   npm run seed -- --hotels 200000 --seed 42
// Uses MONGO_URL and MONGO_DB, or the local servers `npm run infra:up` started. `travelclub seed` does the same
// with a progress bar.
import { parseArgs } from 'node:util';
import { catalogMongoUrl, seedCatalog } from './seed-catalog.js';

const { values } = parseArgs({
  options: { hotels: { type: 'string', default: '20000' }, seed: { type: 'string', default: '42' } },
});
const count = Number(values.hotels);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000 || !Number.isInteger(seed)) {
  console.error('usage: npm run seed -- [--hotels 1..1000000] [--seed <integer>]');
  process.exit(2);
}

const mongoUrl = catalogMongoUrl();
if (!mongoUrl) {
  console.error('No MongoDB: set MONGO_URL, or run `npm run infra:up` first.');
  process.exit(2);
}
const dbName = process.env.MONGO_DB ?? 'catalog';
const started = Date.now();
const added = await seedCatalog({ count, seed, mongoUrl, dbName });
console.log(
  `seeded ${added} new hotels (${count} asked, seed ${seed}) into ${dbName} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
