// Password reset: a mailed one-time code, then the new password, which signs the account out everywhere.
import { appError, type Logger } from '@travelclub/kit';
import { linkMinutes, nameToGreet } from '../domain/mails.js';
import type { AuthParts } from './parts.js';

const MINUTES = linkMinutes['password-reset'];

export function passwordResetFlows({
  accounts,
  codes,
  mailer,
  mailLimits,
  passwords,
  refreshTokens,
  sessions,
}: AuthParts) {
  return {
    /**
     * Mails `/resetPassword?mode=resetPassword&oobCode=…` to an account's address. Nothing tells the caller
     * whether the address has an account: no account, the mail limit, or the queue away all end the same.
     */
    async request(email: string, log: Logger): Promise<void> {
      const send = async () => {
        const account = await accounts.findByEmail(email);
        if (!account || account.isAnonymous) return;
        if (!(await mailLimits.mayMail({ address: email, accountId: account._id }))) return;
        const oobCode = await codes.create('password-reset', MINUTES * 60_000, { userId: account._id });
        const link = { path: '/resetPassword', query: { mode: 'resetPassword', oobCode } };
        await mailer.sendLink('password-reset', account.email ?? email, link, MINUTES, nameToGreet(account));
      };
      await send().catch((err: unknown) => log.error({ err }, 'password reset mail not sent'));
    },

    async confirm(oobCode: string, newPassword: string): Promise<void> {
      // Hashed before the code is used up, so a failure there leaves the code usable.
      const passwordHash = await passwords.hash(newPassword);
      const used = await codes.consume('password-reset', oobCode);
      if (!used?.userId) throw appError('invalid-action-code');
      // The account records the change in the same write: sessions from before end even if revoking fails.
      await accounts.setPassword(used.userId, passwordHash);
      // Whoever knew the old password is signed out everywhere.
      await Promise.all([refreshTokens.revokeAllOf(used.userId), sessions.closeAllOf(used.userId)]);
    },
  };
}
