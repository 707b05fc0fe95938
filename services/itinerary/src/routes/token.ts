// The cart's own answer to a call without a bearer token ("Token not found", spec section 8), checked
// before anything else; a token that is there but bad is the kit's `unauthenticated`.
import { appError, bearerToken, type ServiceApp } from '@travelclub/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const tokenRequired = (app: ServiceApp) =>
  async function tokenRequired(req: FastifyRequest, reply: FastifyReply) {
    if (!bearerToken(req)) throw appError('token-not-found');
    await app.requireUser.call(app, req, reply);
  };
