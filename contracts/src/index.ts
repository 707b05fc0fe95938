// @travelclub/contracts: every shape TravelClub exchanges, as zod schemas and inferred types.
export * from './common.js';
export * from './validation.js';
export * from './errors.js';
export * from './entities.js';
export * from './auth.js';
export * from './auth-api.js';
export * from './catalog-api.js';
export * from './catalog-holds-api.js';
export * from './catalog-images-api.js';
export * from './itinerary-api.js';
export * from './billing-api.js';
export * from './internal-api.js';
export * from './health.js';
export * from './endpoint.js';
export * from './api-client.js';
export * from './events.js';
export * from './queues.js';
