// buildApp: the itinerary service (carts, guest details, cancellation terms, the booking status). It never
// listens. Its neighbours are the catalog (room holds) and billing (invoices), called through their endpoint
// definitions with this service's identity; its events go out through the outbox relay.
import { endpoints, type ServiceName } from '@travelclub/contracts';
import {
  buildService,
  createServiceClient,
  mailLimits,
  registerEndpoints,
  serviceQueue,
  type ServiceApp,
} from '@travelclub/kit';
import type { ItineraryConfig } from './config.js';
import { itineraryConsumer } from './events/consumers.js';
import { bookingFlows } from './flows/index.js';
import { bookingMailer } from './flows/mails.js';
import { itineraryRoutes } from './routes/index.js';
import { itineraryStore } from './store/itineraries.js';

export type ItineraryApp = ServiceApp;

export async function buildApp(config: ItineraryConfig): Promise<ItineraryApp> {
  const service = { name: 'itinerary', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  return buildService(service, async (app, outbox) => {
    const log = app.log;
    const neighbour = (target: ServiceName, baseUrl: string) =>
      createServiceClient({ target, baseUrl, identity: app.serviceIdentity, timeoutMs: config.CALL_TIMEOUT_MS });
    const store = await itineraryStore(app.mongo, outbox);
    const limits = mailLimits(app.redis, {
      prefix: config.RATE_LIMIT_PREFIX,
      perAccount: config.MAILS_PER_ACCOUNT_PER_HOUR,
      perAddress: config.MAILS_PER_ADDRESS_PER_HOUR,
    });
    const flows = bookingFlows({
      store,
      catalog: neighbour('catalog', config.CATALOG_URL),
      billing: neighbour('billing', config.BILLING_URL),
      creator: neighbour('creator', config.CREATOR_URL),
      mailer: bookingMailer(serviceQueue(app, 'emails'), { webUrl: config.WEB_URL, limits, log }),
      log,
    });

    // Itineraries written before the support desk came, filed under its keys (none after the first start).
    await app.startup.step('itinerary support keys', () => store.backfillSupportKeys());
    // Itineraries made before booking references get theirs (none after the first start).
    await app.startup.step('itinerary booking references', () => store.backfillReferences());
    await outbox.start();
    const consumer = itineraryConsumer(app, flows.reactions);
    await app.startup.step('itinerary consumer', () => consumer.start());

    registerEndpoints(app, endpoints.itinerary, itineraryRoutes(flows));
    return app;
  });
}
