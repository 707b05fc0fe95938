// Support staff's routes on the creator service (role/support), for the travelclub command line: the clubs an
// address subscribes to. Creators' verification (listed by handle and status, decided with the staff id) is in
// creator-audience.ts.
import { accessOf, endpoint, type Endpoint } from '../endpoint.js';
import { SupportSubscriberQuerySchema, SupportSubscriberSchema } from './support-api.js';

const { support } = accessOf('creator');

export const creatorSupportEndpoints = {
  supportSubscriber: endpoint(support, 'GET', '/api/v1/support/subscribers', {
    query: SupportSubscriberQuerySchema,
    responses: { 200: SupportSubscriberSchema },
    errors: ['unauthenticated', 'forbidden'],
    summary: 'The clubs an address subscribes to, with each subscription’s status and dates',
  }),
} as const satisfies Record<string, Endpoint>;
