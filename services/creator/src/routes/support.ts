// The support desk's routes on the creator service (/api/v1/support/subscribers, role/support: the kit refuses
// anyone else from the endpoint definition): thin handlers over the support flows.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { SupportFlows } from '../flows/support.js';

type SupportEndpoints = Pick<typeof endpoints.creator, 'supportSubscriber'>;

export function supportRoutes(support: SupportFlows): Handlers<SupportEndpoints> {
  return {
    supportSubscriber: ({ query, user }) => support.subscriber(user, query.email),
  };
}
