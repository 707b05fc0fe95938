// Support staff's routes on the creator service (role/support), for the travelclub command line: the clubs an
// address subscribes to. Creators' verification (listed by handle and status, decided with the staff id) is in
// creator-audience.ts.
import type { Endpoint } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { SupportSubscriberQuerySchema, SupportSubscriberSchema } from './support-api.js';

const support = { service: 'creator', access: 'support' } as const;

export const creatorSupportEndpoints = {
  supportSubscriber: endpoint({
    ...support,
    method: 'GET',
    path: '/api/v1/support/subscribers',
    query: SupportSubscriberQuerySchema,
    responses: { 200: SupportSubscriberSchema },
    errors: ['unauthenticated', 'forbidden'],
    summary: 'The clubs an address subscribes to, with each subscription’s status and dates',
  }),
} as const satisfies Record<string, Endpoint>;
