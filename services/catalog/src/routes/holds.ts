// Room holds, for the itinerary service only (its service identity; docs/identity.md), on behalf of the
// itinerary's owner named in `ownerId`: the itinerary checked the traveller before it called. Not routed by
// the gateway: these paths are not public.
import type { AuthUser, endpoints, HoldOwnerQuery } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CatalogFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.catalog, 'placeHold' | 'readHold' | 'releaseHold'>;

/** The owner as the hold rules see a caller: only their own holds, no staff reach. */
const owner = ({ ownerId }: HoldOwnerQuery): AuthUser => ({ id: ownerId, roles: [], isAnonymous: false });

export function holdRoutes({ holds }: Pick<CatalogFlows, 'holds'>): Handlers<Endpoints> {
  return {
    placeHold: async ({ query, body, ctx }, reply) => {
      const { hold, created } = await holds.place(body, owner(query), ctx);
      return reply.code(created ? 201 : 200).send(hold);
    },
    readHold: ({ params, query }) => holds.get(params.id, owner(query)),
    releaseHold: ({ params, query, ctx }) => holds.remove(params.id, owner(query), ctx),
  };
}
