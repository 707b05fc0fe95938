// The platform as Taylor's tools see it: the catalog, the creator service and billing, each called directly
// (never through the gateway) with the creator's own access token, so every answer is exactly what the creator
// may see and nothing a service identity could add.
import { endpoints, type SearchCriteria } from '@travelclub/contracts';
import { createServiceClient, type CausalContext, type ServiceApp } from '@travelclub/kit';
import type { AssistantConfig } from '../config.js';

/** One creator's view of the platform, for the length of one turn. */
export type CreatorPlatform = ReturnType<ReturnType<typeof platformClients>>;

export function platformClients(app: ServiceApp, config: AssistantConfig) {
  const client = (target: 'catalog' | 'creator' | 'billing', baseUrl: string) =>
    createServiceClient({ target, baseUrl, identity: app.serviceIdentity, timeoutMs: config.CALL_TIMEOUT_MS });
  const catalog = client('catalog', config.CATALOG_URL);
  const creator = client('creator', config.CREATOR_URL);
  const billing = client('billing', config.BILLING_URL);

  return (accessToken: string, ctx: CausalContext) => {
    const as = { accessToken };
    return {
      destinations: (query: string, take = 8) =>
        catalog.call(endpoints.catalog.autocomplete, { query: { query, take } }, ctx, as),
      /** A stored search: its id opens the web app's results and the hotels' rates. */
      createSearch: async (criteria: SearchCriteria) =>
        (await catalog.call(endpoints.catalog.createSearch, { body: criteria }, ctx, as)).searchId,
      /** A stored search and its first page. */
      async search(criteria: SearchCriteria, take: number) {
        const { searchId } = await catalog.call(endpoints.catalog.createSearch, { body: criteria }, ctx, as);
        const page = await catalog.call(
          endpoints.catalog.searchPage,
          { params: { id: searchId }, query: { take, skip: 0 } },
          ctx,
          as,
        );
        return { ...page, searchId };
      },
      hotel: (id: string) => catalog.call(endpoints.catalog.hotel, { params: { id } }, ctx, as),
      availability: (hotelId: string, hotelSearchId: string) =>
        catalog.call(
          endpoints.catalog.checkAvailability,
          { params: { id: hotelId }, body: { hotelId, hotelSearchId } },
          ctx,
          as,
        ),
      recommendations: () => creator.call(endpoints.creator.myRecommendations, {}, ctx, as),
      packages: () => creator.call(endpoints.creator.myPackages, { query: { take: 50 } }, ctx, as),
      counters: (from: string, to: string) =>
        creator.call(endpoints.creator.creatorCounters, { query: { from, to } }, ctx, as),
      income: () => billing.call(endpoints.billing.myPayout, {}, ctx, as),
    };
  };
}
