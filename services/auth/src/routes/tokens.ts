// Refresh-token rotation, sign-out, and the public signing keys.
import {
  AcceptedAnswerSchema,
  JwksSchema,
  RefreshBodySchema,
  SignOutBodySchema,
  TokenAnswerSchema,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessClaims } from '../answers.js';
import { accountView, credentialsChangedSince } from '../domain/accounts.js';

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, refreshTokens, accessTokens } = app.auth;

  app.post(
    '/api/v1/auth/token/refresh',
    { schema: { body: RefreshBodySchema, response: { 200: TokenAnswerSchema } } },
    async (req) => {
      const { token, prepared } = await refreshTokens.rotate(req.body.refreshToken, async ({ userId, createdAt }) => {
        // Roles are read again, so a role granted since the last token shows up now; a password changed
        // since this family began ends it.
        const account = await accounts.findById(userId);
        if (!account || credentialsChangedSince(account, createdAt)) throw appError('invalid-refresh-token');
        return { account, accessToken: await accessTokens.sign(accessClaims(account)) };
      });
      return {
        user: accountView(prepared.account),
        accessToken: prepared.accessToken,
        refreshToken: token,
        expiresIn: accessTokens.ttlSeconds,
      };
    },
  );

  app.post(
    '/api/v1/auth/signOut',
    { schema: { body: SignOutBodySchema.optional(), response: { 200: AcceptedAnswerSchema } } },
    async (req) => {
      if (req.body?.refreshToken) await refreshTokens.revokeFamilyOf(req.body.refreshToken);
      return { accepted: true as const };
    },
  );

  app.get('/.well-known/jwks.json', { schema: { response: { 200: JwksSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return accessTokens.jwks as { keys: Record<string, unknown>[] };
  });
};
