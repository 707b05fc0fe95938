// Email verification: a mailed code (sign-up sends one too), and its use, which marks the address proven.
import type { AuthUser } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { emailKey, type Account } from '../domain/accounts.js';
import type { AuthParts } from './parts.js';

export function emailVerificationFlows({ accounts, codes, mailer, mailLimits }: AuthParts) {
  return {
    /** Mails a new code unless the address is verified already; over the mail limit, `too-many-requests`. */
    async request(caller: AuthUser): Promise<void> {
      const account = await accounts.findById(caller.id);
      if (!account?.email) throw appError('missing-email');
      if (account.emailVerified) return;
      if (!(await mailLimits.mayMail({ address: account.email, accountId: account._id })))
        throw appError('too-many-requests');
      await mailer.sendVerification({ _id: account._id, email: account.email });
    },

    /** Uses the code once; `email`, when given, must be the account's. */
    async verify(code: string, email: string | undefined): Promise<Account> {
      const used = await codes.consume('email-verification', code);
      if (!used?.userId) throw appError('invalid-action-code');
      const account = await accounts.findById(used.userId);
      // The code was sent to one address; if the account's email changed since, it proves nothing.
      if (!account?.email || emailKey(account.email) !== emailKey(used.email ?? ''))
        throw appError('invalid-action-code');
      if (email && emailKey(email) !== emailKey(account.email)) throw appError('invalid-action-code');
      return (await accounts.markEmailVerified(account._id)) ?? account;
    },
  };
}
