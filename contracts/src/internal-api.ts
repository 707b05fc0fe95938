// Calls between services: who a service is when it calls another (docs/identity.md, "Service identity"), and
// the shapes only services exchange. The internal routes themselves, with their callers, are endpoint
// definitions (contracts/src/<service>/endpoints.ts); the gateway never routes `/internal/v1/*`.
import { z } from 'zod';
import { IdSchema } from './common.js';

export const ServiceNameSchema = z.enum([
  'auth',
  'catalog',
  'itinerary',
  'billing',
  'creator',
  'assistant',
  'notifications',
  'gateway',
]);
export type ServiceName = z.infer<typeof ServiceNameSchema>;

/** The `iss` of service tokens: not the auth service's, so neither kind of token passes for the other. */
export const SERVICE_TOKEN_ISSUER = 'travelclub-services';
/** A service token's `sub` (who calls) and `aud` (who is called): `svc:<name>`. */
export const serviceSubject = (name: ServiceName) => `svc:${name}` as const;
/** Longest lifetime a service token may have; callers use less and renew ahead of expiry. */
export const SERVICE_TOKEN_MAX_LIFETIME_S = 10 * 60;

/**
 * Whom a hold is for (the itinerary's owner), on every hold route: the itinerary checked the traveller
 * before it called, and the catalog keeps each hold to its owner.
 */
export const HoldOwnerQuerySchema = z.strictObject({ ownerId: IdSchema });
export type HoldOwnerQuery = z.infer<typeof HoldOwnerQuerySchema>;
