// buildApp: the billing service (invoices, card payments, refunds, the creators' commission ledger, creators'
// paid plans). It never listens.
import { buildService, serviceQueue, type Outbox, type ServiceApp } from '@travelclub/kit';
import type { BillingConfig } from './config.js';
import { billingConsumer } from './events/consumers.js';
import { billingFlows, type BillingFlows } from './flows/index.js';
import type { BillingParts } from './flows/parts.js';
import { startPlanRenewals } from './jobs/plan-renewals.js';
import { startReconciliation } from './jobs/reconciliation.js';
import { withProviderTimeout } from './provider/provider.js';
import { sandboxProvider } from './provider/sandbox.js';
import { measureAwaitingReconciliation } from './metrics.js';
import { registerBillingRoutes } from './routes/index.js';
import { creatorStore } from './store/creators.js';
import { declineCounter } from './store/declines.js';
import { invoiceStore } from './store/invoices.js';
import { planStore } from './store/plans.js';

/** The service, with the parts and flows it is made of, for tests; routes get theirs as arguments. */
export type BillingApp = ServiceApp & { readonly billing: BillingParts & BillingFlows };
export type { BillingParts };

/** The stores, the provider and the queues the flows are made from, from the settings. */
async function makeParts(app: ServiceApp, config: BillingConfig, outbox: Outbox): Promise<BillingParts> {
  return {
    config,
    store: await invoiceStore(app.mongo, outbox),
    creators: await creatorStore(app.mongo),
    declines: declineCounter(app.redis, {
      perAccount: config.MAX_DECLINES_PER_ACCOUNT,
      windowSeconds: config.DECLINE_WINDOW_S,
    }),
    provider: withProviderTimeout(
      await sandboxProvider(app.mongo, {
        latencyMs: config.SANDBOX_LATENCY_MS,
        crashAfterCharge: config.SANDBOX_TEST_CRASH_AFTER_CHARGE,
      }),
      config.PROVIDER_TIMEOUT_MS,
    ),
    reconciliation: serviceQueue(app, 'payment-reconciliation'),
    plans: await planStore(app.mongo, outbox),
    planRenewals: serviceQueue(app, 'plan-renewal'),
    log: app.log,
  };
}

export async function buildApp(config: BillingConfig): Promise<BillingApp> {
  const service = { name: 'billing', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  return buildService(service, async (app, outbox) => {
    const parts = await makeParts(app, config, outbox);
    const flows = billingFlows(parts);
    measureAwaitingReconciliation(app, parts.store);

    await outbox.start();
    const consumer = billingConsumer(app, flows.refunds, flows.creatorRoles);
    await app.startup.step('billing consumer', () => consumer.start());
    await startReconciliation(app, {
      payments: flows.payments,
      queue: parts.reconciliation,
      everySeconds: config.RECONCILE_EVERY_S,
    });

    await startPlanRenewals(app, {
      plans: flows.creatorPlans,
      queue: parts.planRenewals,
      everySeconds: config.PLAN_RENEW_EVERY_S,
    });

    await registerBillingRoutes(app, flows, config);
    return Object.assign(app, { billing: { ...parts, ...flows } });
  });
}
