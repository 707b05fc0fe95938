// Calls between services: who a service is when it calls another (docs/identity.md, "Service identity"),
// every internal route with the one caller it is for, and the shapes only services exchange. Internal routes
// (`/internal/v1/*`) are never routed by the gateway.
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

export interface InternalRoute {
  /** The service that answers it. */
  service: ServiceName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The only services whose identity it accepts. */
  callers: readonly ServiceName[];
}

/**
 * Every internal route and its callers: the routes' guards read their callers here, and the Kubernetes
 * NetworkPolicies (k8s/base/network-policies.yaml) are tested against it.
 */
export const internalRoutes = {
  placeHold: { service: 'catalog', method: 'POST', path: '/internal/v1/holds', callers: ['itinerary'] },
  readHold: { service: 'catalog', method: 'GET', path: '/internal/v1/holds/:id', callers: ['itinerary'] },
  releaseHold: { service: 'catalog', method: 'DELETE', path: '/internal/v1/holds/:id', callers: ['itinerary'] },
  createInvoice: { service: 'billing', method: 'POST', path: '/internal/v1/invoices', callers: ['itinerary'] },
  invoicePaymentState: {
    service: 'billing',
    method: 'GET',
    path: '/internal/v1/invoices/:id/payment-state',
    callers: ['itinerary'],
  },
  invoiceDraft: {
    service: 'itinerary',
    method: 'GET',
    path: '/internal/v1/itineraries/:id/revisions/:revision/invoice',
    callers: ['billing'],
  },
  takePaymentLock: {
    service: 'itinerary',
    method: 'POST',
    path: '/internal/v1/itineraries/:id/payment-lock',
    callers: ['billing'],
  },
  releasePaymentLock: {
    service: 'itinerary',
    method: 'DELETE',
    path: '/internal/v1/itineraries/:id/payment-lock',
    callers: ['billing'],
  },
} as const satisfies Record<string, InternalRoute>;

/**
 * Whom a hold is for (the itinerary's owner), on every hold route: the itinerary checked the traveller
 * before it called, and the catalog keeps each hold to its owner.
 */
export const HoldOwnerQuerySchema = z.strictObject({ ownerId: IdSchema });
export type HoldOwnerQuery = z.infer<typeof HoldOwnerQuerySchema>;

/** billing → itinerary: the invoice of this revision of the itinerary, from the itinerary's own data. */
export const InvoiceDraftParamsSchema = z.strictObject({
  id: IdSchema,
  revision: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
