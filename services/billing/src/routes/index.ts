// Every route of billing: the API (invoices, payments, payouts, creators' plans), the support desk's, and the
// hosted plan pages, registered in a context of their own (they read urlencoded forms).
import { billingApiEndpoints, billingSupportEndpoints } from '@travelclub/contracts';
import { registerEndpoints, type ServiceApp } from '@travelclub/kit';
import type { BillingConfig } from '../config.js';
import type { BillingFlows } from '../flows/index.js';
import { invoiceRoutes } from './invoices.js';
import { paymentRoutes } from './payments.js';
import { payoutRoutes } from './payouts.js';
import { registerPlanPages } from './plan-pages.js';
import { planRoutes } from './plans.js';
import { supportRoutes } from './support.js';

export async function registerBillingRoutes(app: ServiceApp, flows: BillingFlows, config: BillingConfig) {
  registerEndpoints(app, billingApiEndpoints, {
    ...invoiceRoutes(flows),
    ...paymentRoutes(flows),
    ...payoutRoutes(flows),
    ...planRoutes(flows),
  });
  registerEndpoints(app, billingSupportEndpoints, supportRoutes(flows));
  await registerPlanPages(app, flows, config.WEB_URL);
}
