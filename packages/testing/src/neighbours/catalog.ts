// The catalog as a neighbour in another part's tests: its real app, built in the test's process against
// the run's servers (kit/testing's testEnv), with topics, searches and a small demo inventory of its own.
import { buildApp, type CatalogApp } from '@travelclub/catalog/app';
import { CatalogConfigSchema } from '@travelclub/catalog/config';
import { demoContent } from '@travelclub/demo-catalog';
import { testEnv, uniqueName } from '@travelclub/kit/testing';

export type { CatalogApp };

/** The app with `settings` over the defaults (300 hotels, seed 7). */
export function startCatalog(settings: Record<string, string> = {}): Promise<CatalogApp> {
  const config = CatalogConfigSchema.parse({
    ...testEnv('catalog'),
    KAFKA_TOPIC_PREFIX: `${uniqueName('catalog')}.`,
    SEARCH_PREFIX: uniqueName('search'),
    SEED_HOTELS: '300',
    SEED: '7',
    IMAGES_BASE_URL: 'https://travelclub.test',
    ...settings,
  });
  return buildApp(config, demoContent({ hotels: config.SEED_HOTELS, seed: config.SEED }));
}
