// The auth service's contracts (identity: accounts, tokens, sessions, codes, providers, and support's desk for
// accounts): its schemas (api), its endpoint definitions and its events. The registry of every service's endpoints
// is ../endpoints.ts.
export * from './api.js';
export * from './support-api.js';
export * from './support-endpoints.js';
