// The creator service's endpoints, analytics part: the club page's view beacon (public), a creator's own
// counters per day, and a signed-in traveller's likes.
import { z } from 'zod';
import { CreatorCountersAnswerSchema, CreatorCountersQuerySchema, LikesAnswerSchema } from './analytics-api.js';
import { PublicSlugParamsSchema } from './api.js';
import { accessOf, endpoint } from '../endpoint.js';
import { linkPaths } from '../paths.js';

const BASE = '/api/v1/userProfile';
const { open, signedIn: user, creator } = accessOf('creator');

export const creatorAnalyticsEndpoints = {
  // The club page's beacon: always 204 with no body, whatever happened, so it tells a caller nothing. A bot, a
  // caller over its limit or a slug no creator ever had is simply not counted.
  recordClubView: endpoint(open, 'POST', linkPaths.clubView, {
    params: PublicSlugParamsSchema,
    responses: { 204: z.unknown() },
    errors: [],
  }),
  // The caller's own counters: there is no way to name another creator.
  creatorCounters: endpoint(creator, 'GET', `${BASE}/creatorCounters`, {
    query: CreatorCountersQuerySchema,
    responses: { 200: CreatorCountersAnswerSchema },
    errors: ['unauthenticated', 'forbidden'],
  }),
  // The caller's liked hotels and destinations (the creator service's copy of the catalog's like events).
  myLikes: endpoint(user, 'GET', `${BASE}/likes`, {
    responses: { 200: LikesAnswerSchema },
    errors: ['unauthenticated'],
  }),
};
