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
import { linkMinutes, nameToGreet } from '../mail.js';

const MAGIC_LINK_MINUTES = linkMinutes['magic-link'];
const RESET_MINUTES = linkMinutes['password-reset'];
const minutes = (n: number) => n * 60_000;
/** Whom a first magic-link sign-in makes: a traveller whose email is proven, without a password. */
const newTraveller = (email: string) => ({
  email,
  publicName: email.split('@')[0] ?? email,
  roles: ['role/customer' as const],
  emailVerified: true,
});

export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, codes, mailer, passwords, refreshTokens, sessions, mailLimits, config } = app.auth;

  app.post(
    '/api/v1/authentication/magicLink',
    {
      schema: { body: MagicLinkBodySchema, response: { 200: MessageAnswerSchema } },
      config: { validationCode: emailFormCode },
    },
    async (req) => {
      const { email, returnUrl } = req.body;
      const account = await accounts.findByEmail(email);
      if (!(await mailLimits.mayMail({ address: email, accountId: account?._id }))) throw appError('too-many-requests');
      // With sign-up closed, a link to an address without an account could not sign anyone in: it is not
      // sent, and the answer stays the same, so it does not tell whether the address has an account.
      if (!account && !config.SIGN_UP_ENABLED) {
        req.log.info('magic link not sent: no account for the address and sign-up is closed');
        return { message: successMessages.magicLinkSent };
      }
      const code = await codes.create('magic-link', minutes(MAGIC_LINK_MINUTES), { email: emailKey(email), returnUrl });
      await mailer.sendLink(
        'magic-link',
        email,
        { path: '/continueSignIn', query: { code } },
        MAGIC_LINK_MINUTES,
        nameToGreet(account),
      );
      return { message: successMessages.magicLinkSent };
    },
  );

  // The link proves the email: it signs in, creating the account on first use (as a traveller).
  app.post(
    '/api/v1/auth/magicLink/consume',
    {
      schema: { body: CodeBodySchema, response: { 200: TokenAnswerSchema.extend({ returnUrl: z.string() }) } },
      // An anonymous visitor signing in this way for the first time keeps their account (and cart).
      preHandler: app.optionalUser,
    },
    async (req) => {
      const used = await codes.consume('magic-link', req.body.code);
      if (!used?.email) throw appError('invalid-action-code');
      const existing = await accounts.findByEmail(used.email);
      let account = existing;
      if (existing && !existing.emailVerified) {
        // First proof of this email: a password or provider someone else may have set goes (see the store).
        account = (await accounts.claimByEmailProof(existing._id)) ?? existing;
        if (existing.passwordHash || existing.providers.length) {
          await Promise.all([refreshTokens.revokeAllOf(existing._id), sessions.closeAllOf(existing._id)]);
        }
      }
      // A first sign-in by link makes an account: a sign-up, refused like one while sign-up is closed.
      if (!account && !config.SIGN_UP_ENABLED) throw appError('sign-up-disabled');
      account ??=
        (req.user?.isAnonymous
          ? await accounts.upgradeAnonymous(req.user.id, newTraveller(used.email), requestContext(req))
          : null) ?? (await accounts.create(newTraveller(used.email), requestContext(req)));
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
      // Over the mail limit, or with the queue away, nothing is sent and the answer stays the same: it must
      // not tell whether the address has an account.
      const send = async () => {
        const account = await accounts.findByEmail(req.body.email);
        if (!account || account.isAnonymous) return;
        if (!(await mailLimits.mayMail({ address: req.body.email, accountId: account._id }))) return;
        const oobCode = await codes.create('password-reset', minutes(RESET_MINUTES), { userId: account._id });
        const query = { mode: 'resetPassword', oobCode };
        await mailer.sendLink(
          'password-reset',
          account.email ?? req.body.email,
          { path: '/resetPassword', query },
          RESET_MINUTES,
          nameToGreet(account),
        );
      };
      await send().catch((err: unknown) => req.log.error({ err }, 'password reset mail not sent'));
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
      // Hashed before the code is used up, so a failure there leaves the code usable.
      const passwordHash = await passwords.hash(req.body.newPassword);
      const used = await codes.consume('password-reset', req.body.oobCode);
      if (!used?.userId) throw appError('invalid-action-code');
      // The account records the change in the same write: sessions from before end even if revoking fails.
      await accounts.setPassword(used.userId, passwordHash);
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
        if (!(await mailLimits.mayMail({ address: account.email, accountId: account._id })))
          throw appError('too-many-requests');
        await mailer.sendVerification({ _id: account._id, email: account.email });
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
