// @travelclub/contracts: every shape TravelClub exchanges, as zod schemas and inferred types.
// Shared: the building blocks, the endpoint machinery and the clients.
export * from './common.js';
export * from './validation.js';
export * from './errors.js';
export * from './entities.js';
export * from './auth.js';
export * from './money.js';
export * from './internal-api.js';
export * from './health.js';
export * from './endpoint.js';
export * from './paths.js';
export * from './api-client.js';
// Each service's own: contracts/src/<service>/ (schemas, endpoint definitions, events).
export * from './auth/index.js';
export * from './catalog/index.js';
export * from './itinerary/index.js';
export * from './billing/index.js';
export * from './creator/index.js';
export * from './assistant/index.js';
export * from './notifications/index.js';
// Over every service: the registry of endpoints, the event envelope and map of payloads, the queues.
export * from './endpoints.js';
export * from './events.js';
export * from './queues.js';
