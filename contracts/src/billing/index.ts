// The billing service's contracts (invoices, payments, refunds, payouts, creators' plans, and support's desk for
// money): its schemas (api), its endpoint definitions and its events. The registry of every service's endpoints is
// ../endpoints.ts.
export * from './api.js';
export * from './support-api.js';
export * from './endpoints.js';
export * from './support-endpoints.js';
