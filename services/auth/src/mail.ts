// The mails auth sends (magic link, email verification, password reset): each is an `emails` job for
// the notifications worker, keyed so a retried request queues one mail.
import type { JobQueue } from '@travelclub/kit';
import { digest } from './domain/secrets.js';
import type { CodeStore } from './store/codes.js';

export type LinkMail = 'magic-link' | 'email-verification' | 'password-reset';

/** How long each mailed link works. */
export const linkMinutes = { 'magic-link': 15, 'password-reset': 60, 'email-verification': 24 * 60 } as const;

export function authMailer(queue: JobQueue<'emails'>, webUrl: string, codes: CodeStore) {
  return {
    /** A new verification code for the account's email, mailed as `/auth-redirect?mode=verifyEmail&oobCode=…`. */
    async sendVerification(account: { _id: string; email: string; publicName?: string | null }) {
      const minutes = linkMinutes['email-verification'];
      const oobCode = await codes.create('email-verification', minutes * 60_000, {
        userId: account._id,
        email: account.email,
      });
      const query = { mode: 'verifyEmail', oobCode };
      await this.sendLink(
        'email-verification',
        account.email,
        { path: '/auth-redirect', query },
        minutes,
        account.publicName,
      );
    },

    /** Mails `to` a link to `path` on the web app carrying the one-time `code` in `query`. */
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
