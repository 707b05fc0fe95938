// The notifications service's contracts (the pipeline's desk for support: the event log, dead letters, queues): its
// schemas (api), its endpoint definitions and its events. The registry of every service's endpoints is
// ../endpoints.ts.
export * from './api.js';
export * from './endpoints.js';
