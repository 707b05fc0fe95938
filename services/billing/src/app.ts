// buildApp: the billing service (invoices, card payments, refunds, the creators' commission ledger). It never
// listens.
import {
  createService,
  serviceOutbox,
  serviceQueue,
  startOutboxRelay,
  type JobQueue,
  type ServiceApp,
} from '@travelclub/kit';
import { itineraryClient, type ItineraryClient } from './clients/itinerary.js';
import type { BillingConfig } from './config.js';
import { billingConsumer } from './events/consumers.js';
import { invoiceService, type InvoiceService } from './invoices.js';
import { paymentService, type PaymentService } from './payments.js';
import { payoutService, type PayoutService } from './payouts.js';
import { startReconciliation } from './jobs/reconciliation.js';
import { withProviderTimeout, type PaymentProvider } from './provider/provider.js';
import { sandboxProvider } from './provider/sandbox.js';
import { refundService, type RefundService } from './refunds.js';
import { payoutRoutes } from './routes/payouts.js';
import { invoiceRoutes } from './routes/invoices.js';
import { paymentRoutes } from './routes/payments.js';
import { paymentStateRoutes } from './routes/payment-state.js';
import { creatorStore, type CreatorStore } from './store/creators.js';
import { declineCounter } from './store/declines.js';
import { invoiceStore, type InvoiceStore } from './store/invoices.js';

export interface BillingParts {
  config: BillingConfig;
  store: InvoiceStore;
  creators: CreatorStore;
  provider: PaymentProvider;
  itinerary: ItineraryClient;
  invoices: InvoiceService;
  payments: PaymentService;
  refunds: RefundService;
  payouts: PayoutService;
  /** The payment-reconciliation queue (its schedule, and jobs that name one invoice). */
  reconciliation: JobQueue<'payment-reconciliation'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingParts;
  }
}

export type BillingApp = ServiceApp;

export async function buildApp(config: BillingConfig): Promise<BillingApp> {
  const app = await createService({ name: 'billing', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET });
  const log = app.log;
  try {
    const outbox = serviceOutbox(app);
    const store = await invoiceStore(app.mongo, outbox);
    const creators = await creatorStore(app.mongo);
    const provider = withProviderTimeout(
      await sandboxProvider(app.mongo, {
        latencyMs: config.SANDBOX_LATENCY_MS,
        crashAfterCharge: config.SANDBOX_TEST_CRASH_AFTER_CHARGE,
      }),
      config.PROVIDER_TIMEOUT_MS,
    );
    const itinerary = itineraryClient(config.ITINERARY_URL, config.CALL_TIMEOUT_MS, app.serviceIdentity, log);
    const refunds = refundService({ invoices: store, provider, log });
    const reconciliation = serviceQueue(app, 'payment-reconciliation');
    app.decorate('billing', {
      config,
      store,
      creators,
      provider,
      itinerary,
      invoices: invoiceService({ invoices: store, itinerary, dueSeconds: config.INVOICE_DUE_S, log }),
      payments: paymentService({
        invoices: store,
        provider,
        itinerary,
        declines: declineCounter(app.redis, {
          perAccount: config.MAX_DECLINES_PER_ACCOUNT,
          windowSeconds: config.DECLINE_WINDOW_S,
        }),
        leaseSeconds: config.PAYMENT_LEASE_S,
        providerTimeoutMs: config.PROVIDER_TIMEOUT_MS,
        commissionRate: config.COMMISSION_RATE,
        limits: {
          declinesPerInvoice: config.MAX_DECLINES_PER_INVOICE,
          declinesPerAccount: config.MAX_DECLINES_PER_ACCOUNT,
        },
        log,
      }),
      refunds,
      payouts: payoutService({ invoices: store, creators, commissionRate: config.COMMISSION_RATE }),
      reconciliation,
    } satisfies BillingParts);

    await startOutboxRelay(app, outbox);
    const consumer = billingConsumer(app, refunds, creators);
    await app.startup.step('billing consumer', () => consumer.start());
    await startReconciliation(app, {
      payments: app.billing.payments,
      queue: reconciliation,
      everySeconds: config.RECONCILE_EVERY_S,
    });

    await app.register(invoiceRoutes);
    await app.register(paymentRoutes);
    await app.register(paymentStateRoutes);
    await app.register(payoutRoutes);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
