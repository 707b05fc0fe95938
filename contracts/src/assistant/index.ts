// The assistant service's contracts (Taylor: conversations, drafts, destination ideas): its schemas (api), its
// endpoint definitions and its events. The registry of every service's endpoints is ../endpoints.ts.
export * from './api.js';
export * from './endpoints.js';
