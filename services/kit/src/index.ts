// @travelclub/kit: the shared runtime of every TravelClub service.
export * from './auth.js';
export * from './config.js';
export * from './consumer.js';
export * from './context.js';
export * from './error-handler.js';
export * from './errors.js';
export * from './http-client.js';
export * from './http-conventions.js';
export * from './kafka.js';
export * from './mongo.js';
export * from './outbox.js';
export * from './queues.js';
export * from './rate-limit.js';
export * from './redis.js';
export * from './run.js';
export * from './service.js';
export * from './timeout.js';
