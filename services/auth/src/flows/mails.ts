// The mails auth sends (magic link, email verification, password reset): each is an `emails` job for
// the notifications worker, keyed so a retried request queues one mail.
import type { JobQueue } from '@travelclub/kit';
import { linkMinutes, type LinkMail } from '../domain/mails.js';
import { digest } from '../domain/secrets.js';
import type { CodeStore } from '../store/codes.js';

export function authMailer(queue: JobQueue<'emails'>, webUrl: string, codes: CodeStore) {
  return {
    /**
     * A new verification code for the account's email, mailed as `/auth-redirect?mode=verifyEmail&oobCode=…`.
     * Without the account's name: the address is not proven yet, and whoever signed up with it chose the name.
     */
    async sendVerification(account: { _id: string; email: string }) {
      const minutes = linkMinutes['email-verification'];
      const oobCode = await codes.create('email-verification', minutes * 60_000, {
        userId: account._id,
        email: account.email,
      });
      const query = { mode: 'verifyEmail', oobCode };
      await this.sendLink('email-verification', account.email, { path: '/auth-redirect', query }, minutes);
    },

    /**
     * Mails `to` a link to `path` on the web app carrying the one-time `code` in `query`. Callers count the
     * mail against the mail limits first, and pass a name only when the account's address is verified.
     */
    async sendLink(
      template: LinkMail,
      to: string,
      link: { path: string; query: Record<string, string> },
      expiresInMinutes: number,
      publicName?: string | null,
    ) {
      const url = new URL(link.path, webUrl);
      for (const [key, value] of Object.entries(link.query)) url.searchParams.set(key, value);
      // The code is secret; its digest is a stable, harmless job id (BullMQ refuses a colon in one).
      const idempotencyKey = `${template}-${digest(Object.values(link.query).join('|'))}`;
      await queue.add(
        {
          to,
          template,
          data: { link: url.toString(), expiresInMinutes, ...(publicName ? { publicName } : {}) },
          idempotencyKey,
        },
        { jobId: idempotencyKey },
      );
    },
  };
}
export type AuthMailer = ReturnType<typeof authMailer>;
