// seed --hotels N: the operator's way to fill a catalog with the demo inventory, with a progress bar. It writes
// to the catalog's MongoDB directly (MONGO_URL and MONGO_DB, or the local servers of `npm run infra:up`);
// running catalogs pick the new hotels up through the catalog's own import marker.
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { act, examples } from '../context.js';
import { CliFailure, EXIT } from '../failure.js';
import { wholeNumber } from './options.js';

export function seedCommand(program: Command) {
  examples(
    act(
      program
        .command('seed')
        .description("fill the catalog's database with the demo supplier's hotels (an operator's command)")
        .requiredOption('--hotels <n>', 'how many hotels (1..1000000)', wholeNumber('hotels', 1, 1_000_000))
        .option(
          '--seed <n>',
          'the inventory seed: the same seed gives the same hotels',
          wholeNumber('seed', 0, 2 ** 31),
          42,
        )
        .option('--db <name>', 'the database (default MONGO_DB or catalog)'),
      async (ctx, options: { hotels: number; seed: number; db?: string }) => {
        // The catalog's own import, in TypeScript: loaded through tsx, and only by this command.
        const { register } = await import('tsx/esm/api');
        register();
        const { catalogMongoUrl, seedCatalog } = await import('@travelclub/catalog/seed');
        const mongoUrl = catalogMongoUrl();
        if (!mongoUrl)
          throw new CliFailure('No MongoDB: set MONGO_URL, or run `npm run infra:up` first', EXIT.unreachable);
        const dbName = options.db ?? process.env.MONGO_DB ?? 'catalog';
        // The bar goes to stderr, and only on a terminal: stdout stays the result.
        const bar =
          process.stderr.isTTY && !ctx.out.json
            ? new SingleBar({
                stream: process.stderr,
                hideCursor: true,
                format: 'seeding [{bar}] {percentage}% | {value}/{total} hotels | {eta}s left',
              })
            : undefined;
        bar?.start(options.hotels, 0);
        const started = Date.now();
        const added = await seedCatalog({
          count: options.hotels,
          seed: options.seed,
          mongoUrl,
          dbName,
          onProgress: (done) => bar?.update(done),
        }).finally(() => bar?.stop());
        const seconds = Math.round((Date.now() - started) / 100) / 10;
        ctx.out.result({ added, asked: options.hotels, seed: options.seed, db: dbName, seconds }, (r) =>
          ctx.out.done(
            `Seeded ${r.added} new hotels (${r.asked} asked, seed ${r.seed}) into ${r.db} in ${r.seconds} s`,
          ),
        );
      },
    ),
    ['travelclub seed --hotels 20000', 'MONGO_URL=mongodb://db:27017 travelclub seed --hotels 200000 --seed 7'],
  );
}
