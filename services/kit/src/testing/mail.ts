// Reading what the test run's mail catcher (scripts/mail-catcher.mjs) received, so a test can follow the
// link in a mail the way a person would. Test files share the catcher: use addresses of your own.
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** One mail as the catcher keeps it. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  /** The sender's address. */
  from: string;
  fromName: string;
  /** Every address the mail was delivered to (the SMTP envelope). */
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string | null;
  messageId: string | null;
  /** Every header in order, keys in lower case. */
  headers: { key: string; value: string }[];
}

/** Every mail delivered to `address` (case-insensitive), oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const url = new URL('/messages', inject('infra').mailCatcherUrl);
  url.searchParams.set('to', address);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the mail catcher answered ${res.status} for ${url.pathname}`);
  return (await res.json()) as CaughtMail[];
}

const subjectFits = (mail: CaughtMail, subject: string | RegExp | undefined) =>
  subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));

/**
 * Waits for a mail to `address` (with exactly this subject, or one the pattern matches) and returns the
 * newest that fits. Fails after `timeoutMs`, naming what did arrive.
 */
export async function waitForMail(
  address: string,
  { subject, timeoutMs = 10_000 }: { subject?: string | RegExp; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const found = mails.filter((mail) => subjectFits(mail, subject)).at(-1);
    if (found) return found;
    if (Date.now() >= deadline) {
      const arrived = mails.map((m) => JSON.stringify(m.subject)).join(', ') || 'none';
      const wanted = subject === undefined ? '' : ` with subject ${String(subject)}`;
      throw new Error(`no mail to ${address}${wanted} within ${timeoutMs} ms (arrived: ${arrived})`);
    }
    await sleep(100);
  }
}

/**
 * The first http(s) URL in the mail's text whose path starts with `pathPrefix` (for example
 * '/continueSignIn'). Throws when there is none, so a test fails where the link is missing.
 */
export function linkIn(mail: Pick<CaughtMail, 'text' | 'subject'>, pathPrefix: string): string {
  for (const [match] of mail.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    // A sentence may end right after a link.
    const candidate = match.replace(/[.,;:!?]+$/, '');
    try {
      if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
    } catch {
      // Not a URL after all (a stray "http://" in prose): look further.
    }
  }
  throw new Error(`no link to ${pathPrefix} in the mail "${mail.subject}"`);
}
