// Filling the catalog's database with the demo supplier's deterministic inventory, for `npm run seed` and
// `travelclub seed` (an operator's command: it writes to the catalog's MongoDB directly, where MONGO_URL
// reaches, as the catalog's own import does at start).
import { demoSupplier } from '@travelclub/demo-catalog';
import { connectMongo } from '@travelclub/kit';
import { readFileSync } from 'node:fs';
import { importHotels } from './flows/seeding.js';
import { hotelStore } from './store/hotels.js';

export interface SeedOptions {
  /** How many hotels the supplier makes (those already there are kept, not counted as new). */
  count: number;
  seed: number;
  mongoUrl: string;
  dbName: string;
  /** After each batch: how many of `count` were read so far. */
  onProgress?: (done: number) => void;
}

/** MONGO_URL, or the local servers `npm run infra:up` started (their settings in `.infra/env`). */
export function catalogMongoUrl(): string | undefined {
  if (process.env.MONGO_URL) return process.env.MONGO_URL;
  try {
    const env = readFileSync(new URL('../../../.infra/env', import.meta.url), 'utf8');
    return /^MONGO_URL=(.+)$/m.exec(env)?.[1];
  } catch {
    return undefined;
  }
}

/** Imports the demo inventory; answers how many hotels were new. */
export async function seedCatalog(options: SeedOptions): Promise<number> {
  const mongo = await connectMongo(options.mongoUrl, options.dbName);
  try {
    return await importHotels(
      await hotelStore(mongo),
      demoSupplier({ count: options.count, seed: options.seed }),
      options.onProgress,
    );
  } finally {
    await mongo.close();
  }
}
