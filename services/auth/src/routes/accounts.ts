// Sign-up (also upgrading an anonymous visitor in place), sign-in, anonymous accounts, role changes.
import {
  AccountViewSchema,
  RoleChangeBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
  TokenAnswerSchema,
  roleForSignUp,
} from '@travelclub/contracts';
import { appError, requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessClaims, credentialsCode, tokenAnswer } from '../answers.js';
import { accountView, roleFromRequest } from '../domain/accounts.js';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, passwords, limits, mailLimits, mailer, config } = app.auth;

  app.post(
    '/api/v1/auth/signUp',
    {
      schema: { body: SignUpBodySchema, response: { 201: TokenAnswerSchema } },
      config: { validationCode: credentialsCode },
      preHandler: app.optionalUser,
    },
    async (req, reply) => {
      if (!config.SIGN_UP_ENABLED) throw appError('sign-up-disabled');
      const { email, password, publicName, role } = req.body;
      const fields = { email, publicName, roles: [roleForSignUp[role]], passwordHash: await passwords.hash(password) };
      const ctx = requestContext(req);
      const account =
        (req.user?.isAnonymous ? await accounts.upgradeAnonymous(req.user.id, fields, ctx) : null) ??
        (await accounts.create(fields, ctx));
      const answer = await tokenAnswer(app.auth, account);
      // The sign-up stands either way; over the address's mail limit (or with the queue away) the user can
      // ask for the mail again later.
      const sendVerification = async () => {
        if (!(await mailLimits.mayMail({ address: email, accountId: account._id })))
          return req.log.warn({ userId: account._id }, 'verification mail not sent: over the mail limit');
        await mailer.sendVerification({ _id: account._id, email });
      };
      await sendVerification().catch((err: unknown) =>
        req.log.warn({ err }, 'could not queue the verification mail; the user can ask again'),
      );
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/v1/auth/signIn',
    {
      schema: { body: SignInBodySchema, response: { 200: TokenAnswerSchema } },
      config: { validationCode: credentialsCode },
    },
    async (req, reply) => {
      const { email, password } = req.body;
      await limits.attempt(req.ip, email, reply);
      const account = await accounts.findByEmail(email);
      const matches = await passwords.verify(account?.passwordHash, password);
      if (!account) throw appError('user-not-found');
      if (!matches)
        throw appError(account.passwordHash ? 'wrong-password' : 'account-exists-with-different-credential');
      await limits.succeeded(email);
      return tokenAnswer(app.auth, account);
    },
  );

  app.post('/api/v1/auth/anonymous', { schema: { response: { 201: TokenAnswerSchema } } }, async (_req, reply) => {
    const account = await accounts.createAnonymous();
    return reply.code(201).send(await tokenAnswer(app.auth, account));
  });

  app.get(
    '/api/v1/auth/me',
    { schema: { response: { 200: AccountViewSchema } }, preHandler: app.requireUser },
    async (req) => {
      const account = await accounts.findById(req.user!.id);
      if (!account) throw appError('unauthenticated');
      return accountView(account);
    },
  );

  // Spec section 6: a signed-in user may become a creator. The new role is in the next access token;
  // this answers one at once.
  app.put(
    '/api/v1/userProfile/role',
    {
      schema: {
        body: RoleChangeBodySchema,
        response: { 200: z.object({ user: AccountViewSchema, accessToken: z.string(), expiresIn: z.number() }) },
      },
      preHandler: app.requireUser,
    },
    async (req) => {
      if (req.user!.isAnonymous) throw appError('forbidden');
      const account = await accounts.findById(req.user!.id);
      if (!account) throw appError('unauthenticated');
      const updated = await accounts.grantRole(account, roleFromRequest(req.body.role), requestContext(req));
      return {
        user: accountView(updated),
        accessToken: await app.auth.accessTokens.sign(accessClaims(updated)),
        expiresIn: app.auth.accessTokens.ttlSeconds,
      };
    },
  );
};
