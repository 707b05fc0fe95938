// The creator service's contracts (profiles and clubs, recommendations, packages, guides, subscribers, analytics,
// media): its schemas (api), its endpoint definitions and its events. The registry of every service's endpoints is
// ../endpoints.ts.
export * from './api.js';
export * from './reserved-slugs.js';
export * from './audience-api.js';
export * from './content-api.js';
export * from './analytics-api.js';
export * from './support-api.js';
export * from './media-endpoints.js';
export * from './content-endpoints.js';
export * from './support-endpoints.js';
