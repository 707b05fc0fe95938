// Flows that go through a mailed one-time code: magic link, password reset, email verification.
import {
  AcceptedAnswerSchema,
  AccountViewSchema,
  CodeBodySchema,
  MagicLinkBodySchema,
  MessageAnswerSchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  TokenAnswerSchema,
  VerifyEmailBodySchema,
  successMessages,
} from '@travelclub/contracts';
import { appError, requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailFormCode, tokenAnswer } from '../answers.js';
import { accountView, emailKey } from '../domain/accounts.js';
import { linkMinutes } from '../mail.js';

const MAGIC_LINK_MINUTES = linkMinutes['magic-link'];
const RESET_MINUTES = linkMinutes['password-reset'];
const minutes = (n: number) => n * 60_000;

export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, codes, mailer, passwords, refreshTokens, sessions, limits } = app.auth;

  app.post(
    '/api/v1/authentication/magicLink',
    {
      schema: { body: MagicLinkBodySchema, response: { 200: MessageAnswerSchema } },
      config: { validationCode: emailFormCode },
    },
    async (req) => {
      const { email, returnUrl } = req.body;
      if (!(await limits.mayMail(email))) throw appError('too-many-requests');
      const account = await accounts.findByEmail(email);
      const code = await codes.create('magic-link', minutes(MAGIC_LINK_MINUTES), { email: emailKey(email), returnUrl });
      await mailer.sendLink(
        'magic-link',
        email,
        { path: '/continueSignIn', query: { code } },
        MAGIC_LINK_MINUTES,
        account?.publicName,
      );
      return { message: successMessages.magicLinkSent };
    },
  );

  // The link proves the email: it signs in, creating the account on first use (as a traveller).
  app.post(
    '/api/v1/auth/magicLink/consume',
    {
      schema: { body: CodeBodySchema, response: { 200: TokenAnswerSchema.extend({ returnUrl: z.string() }) } },
    },
    async (req) => {
      const used = await codes.consume('magic-link', req.body.code);
      if (!used?.email) throw appError('invalid-action-code');
      const existing = await accounts.findByEmail(used.email);
      const account = existing
        ? ((existing.emailVerified ? existing : await accounts.markEmailVerified(existing._id)) ?? existing)
        : await accounts.create(
            {
              email: used.email,
              publicName: used.email.split('@')[0] ?? used.email,
              roles: ['role/customer'],
              emailVerified: true,
            },
            requestContext(req),
          );
      return { ...(await tokenAnswer(app.auth, account)), returnUrl: used.returnUrl ?? '/' };
    },
  );

  // Always 202: whether the email has an account is not told here.
  app.post(
    '/api/v1/auth/passwordReset/request',
    {
      schema: { body: PasswordResetRequestBodySchema, response: { 202: AcceptedAnswerSchema } },
      config: { validationCode: emailFormCode },
    },
    async (req, reply) => {
      const account = await accounts.findByEmail(req.body.email);
      // Over the mail limit nothing is sent, and the answer stays the same: it must not tell anything.
      if (account && !account.isAnonymous && (await limits.mayMail(req.body.email))) {
        const oobCode = await codes.create('password-reset', minutes(RESET_MINUTES), { userId: account._id });
        await mailer.sendLink(
          'password-reset',
          account.email ?? req.body.email,
          { path: '/resetPassword', query: { mode: 'resetPassword', oobCode } },
          RESET_MINUTES,
          account.publicName,
        );
      }
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/v1/auth/passwordReset/confirm',
    {
      schema: { body: PasswordResetConfirmBodySchema, response: { 200: MessageAnswerSchema } },
      config: { validationCode: emailFormCode },
    },
    async (req) => {
      const used = await codes.consume('password-reset', req.body.oobCode);
      if (!used?.userId) throw appError('invalid-action-code');
      await accounts.setPassword(used.userId, await passwords.hash(req.body.newPassword));
      // Whoever knew the old password is signed out everywhere.
      await Promise.all([refreshTokens.revokeAllOf(used.userId), sessions.closeAllOf(used.userId)]);
      return { message: 'Your password has been changed. You can now sign in with your new password.' };
    },
  );

  app.post(
    '/api/v1/authentication/requestEmailVerification',
    { schema: { response: { 202: AcceptedAnswerSchema } }, preHandler: app.requireUser },
    async (req, reply) => {
      const account = await accounts.findById(req.user!.id);
      if (!account?.email) throw appError('missing-email');
      if (!account.emailVerified) {
        await mailer.sendVerification({ _id: account._id, email: account.email, publicName: account.publicName });
      }
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/api/v1/authentication/verifyEmail',
    {
      schema: { body: VerifyEmailBodySchema, response: { 200: z.object({ user: AccountViewSchema }) } },
      config: { validationCode: emailFormCode },
    },
    async (req) => {
      const used = await codes.consume('email-verification', req.body.code);
      if (!used?.userId) throw appError('invalid-action-code');
      const account = await accounts.findById(used.userId);
      // The code was sent to one address; if the account's email changed since, it proves nothing.
      if (!account?.email || emailKey(account.email) !== emailKey(used.email ?? ''))
        throw appError('invalid-action-code');
      if (req.body.email && emailKey(req.body.email) !== emailKey(account.email)) throw appError('invalid-action-code');
      const verified = await accounts.markEmailVerified(account._id);
      return { user: accountView(verified ?? account) };
    },
  );
};
