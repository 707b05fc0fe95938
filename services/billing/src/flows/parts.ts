// What the flows are made from: app.ts makes each part from the settings.
import type { JobQueue, Logger } from '@travelclub/kit';
import type { BillingConfig } from '../config.js';
import type { PaymentProvider } from '../provider/provider.js';
import type { CreatorStore } from '../store/creators.js';
import type { DeclineCounter } from '../store/declines.js';
import type { InvoiceStore } from '../store/invoices.js';
import type { PlanStore } from '../store/plans.js';

export interface BillingParts {
  config: BillingConfig;
  store: InvoiceStore;
  creators: CreatorStore;
  declines: DeclineCounter;
  /** With every call bounded by PROVIDER_TIMEOUT_MS (withProviderTimeout). */
  provider: PaymentProvider;
  /** The payment-reconciliation queue (its schedule, and jobs that name one invoice). */
  reconciliation: JobQueue<'payment-reconciliation'>;
  /** Creators' plans, their links and payments. */
  plans: PlanStore;
  /** The plan-renewal queue (its schedule, and jobs that name one creator). */
  planRenewals: JobQueue<'plan-renewal'>;
  log: Logger;
}
