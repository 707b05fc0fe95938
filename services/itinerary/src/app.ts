// buildApp: the itinerary service (carts, guest details, cancellation terms, the booking status). It never
// listens. Its neighbours are the catalog (searches, holds) and billing (invoices), called with this service's
// identity; its events go out through the outbox relay.
import {
  createService,
  mailLimits,
  serviceOutbox,
  serviceQueue,
  startOutboxRelay,
  type ServiceApp,
} from '@travelclub/kit';
import { bookingService, type BookingService } from './booking.js';
import { billingClient, catalogClient } from './clients/neighbours.js';
import type { ItineraryConfig } from './config.js';
import { itineraryConsumer } from './events/consumers.js';
import { bookingMailer } from './mail.js';
import { invoiceDraftRoutes } from './routes/invoice-draft.js';
import { itineraryRoutes } from './routes/itineraries.js';
import { paymentLockRoutes } from './routes/payment-lock.js';
import { itineraryStore, type ItineraryStore } from './store/itineraries.js';

export interface ItineraryParts {
  config: ItineraryConfig;
  store: ItineraryStore;
  booking: BookingService;
  emails: ReturnType<typeof serviceQueue<'emails'>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    itinerary: ItineraryParts;
  }
}

export type ItineraryApp = ServiceApp;

export async function buildApp(config: ItineraryConfig): Promise<ItineraryApp> {
  const app = await createService({ name: 'itinerary', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET });
  const log = app.log;
  try {
    const outbox = serviceOutbox(app);
    const store = await itineraryStore(app.mongo, outbox);
    const emails = serviceQueue(app, 'emails');
    const booking = bookingService({
      store,
      catalog: catalogClient(config.CATALOG_URL, config.CALL_TIMEOUT_MS, app.serviceIdentity),
      billing: billingClient(config.BILLING_URL, config.CALL_TIMEOUT_MS, app.serviceIdentity),
      mailer: bookingMailer(emails, {
        webUrl: config.WEB_URL,
        limits: mailLimits(app.redis, {
          prefix: config.RATE_LIMIT_PREFIX,
          perAccount: config.MAILS_PER_ACCOUNT_PER_HOUR,
          perAddress: config.MAILS_PER_ADDRESS_PER_HOUR,
        }),
        log,
      }),
      paymentLockSeconds: config.PAYMENT_LOCK_S,
      log,
    });
    app.decorate('itinerary', { config, store, booking, emails } satisfies ItineraryParts);

    await startOutboxRelay(app, outbox);
    const consumer = itineraryConsumer(app, booking);
    await app.startup.step('itinerary consumer', () => consumer.start());

    await app.register(itineraryRoutes);
    await app.register(paymentLockRoutes);
    await app.register(invoiceDraftRoutes);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
