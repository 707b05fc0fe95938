// Email subscriptions as stored, and the rules of double opt-in: how long a confirmation code lives, how often
// the confirmation mail may go again, whose account a subscription belongs to, and the links mails carry.
// Pure: no I/O (the clock is passed in).
import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  AuthUser,
  SubscribeBody,
  SubscriptionStatus,
  SubscriptionSummary,
  SubscriptionView,
} from '@travelclub/contracts';

/** A confirmation code as kept: its digest only, and when it stops working. */
export interface ConfirmationCode {
  hash: string;
  expiresAt: Date;
}

export interface SubscriptionRecord {
  _id: string;
  /** As the subscriber typed it (trimmed); mails go there. */
  email: string;
  /** The address without case or surrounding space: one subscription per address and creator. */
  emailKey: string;
  creatorId: string;
  /** The subscriber's account, when they asked signed in with that very address. */
  userId?: string;
  timeZone: string;
  settings: SubscribeBody['settings'];
  subscriptionType: SubscribeBody['subscriptionType'];
  status: SubscriptionStatus;
  /** Digests of the codes still able to confirm, newest last (a mail sent again leaves the earlier link working). */
  codes: ConfirmationCode[];
  /**
   * Kept readable, unlike the codes: every later mail to the subscriber must carry it, and all it can do is
   * unsubscribe.
   */
  unsubscribeToken: string;
  /** When the last confirmation mail was sent: the next waits RESEND_AFTER_MS. */
  mailedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt?: Date;
  unsubscribedAt?: Date;
}

/** How long a confirmation link works. */
export const CODE_LIFETIME_MS = 7 * 86_400_000;
/** A pending address is mailed again at most this often. */
export const RESEND_AFTER_MS = 10 * 60_000;
/** Links of earlier mails that keep working beside the newest. */
const LIVE_CODES = 3;

export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/** The digest a code is kept and looked up by (sha256, hex). */
export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The account a subscription belongs to: the caller's, when signed in (not anonymously) with this very address.
 * A traveller who subscribes someone else's address does not get to see or remove that subscription.
 */
export function ownerOf(caller: AuthUser | null, emailKey: string): string | undefined {
  if (!caller || caller.isAnonymous || !caller.email) return undefined;
  return emailKeyOf(caller.email) === emailKey ? caller.id : undefined;
}

/** The confirmation mail may go (again): the first time, or RESEND_AFTER_MS after the last one. */
export const mayMailAgain = (record: Pick<SubscriptionRecord, 'mailedAt'>, now: Date) =>
  now.getTime() - record.mailedAt.getTime() >= RESEND_AFTER_MS;

/** The codes that still work, plus a new one; the oldest go beyond LIVE_CODES. */
export function withNewCode(codes: ConfirmationCode[], hash: string, now: Date): ConfirmationCode[] {
  const live = codes.filter((code) => code.expiresAt > now);
  return [...live, { hash, expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS) }].slice(-LIVE_CODES);
}

/** Whether `hash` is the digest of a code of this pending subscription that still works. */
export const confirmsWith = (record: SubscriptionRecord, hash: string, now: Date) =>
  record.status === 'pending' && record.codes.some((code) => code.hash === hash && code.expiresAt > now);

/** Compares the token of an unsubscribe link with the stored one in constant time. */
export function tokenMatches(record: Pick<SubscriptionRecord, 'unsubscribeToken'>, token: string): boolean {
  const stored = Buffer.from(record.unsubscribeToken);
  const given = Buffer.from(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** The links of subscriber mails; `base` is the public origin (the gateway serves the API and the web app). */
export function subscriptionLinks(base: string, id: string, secrets: { code?: string; token: string }) {
  const at = (path: string, query: Record<string, string>) => {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };
  const path = `/api/v1/emailSubscription/${encodeURIComponent(id)}`;
  const page = `/emailSubscription/${encodeURIComponent(id)}`;
  return {
    /** The web page that asks, and confirms on its button's POST (it calls the confirm route, says whose club). */
    confirm: secrets.code ? at(`${page}/confirm`, { confirmationCode: secrets.code }) : undefined,
    /** RFC 8058's one-click address: mail clients POST to it. */
    oneClick: at(path, { token: secrets.token }),
    /** The web page that asks "unsubscribe?" and calls DELETE (a GET must never unsubscribe: scanners open links). */
    page: at(`${page}/unsubscribe`, { token: secrets.token }),
  };
}

export function subscriptionView(
  record: SubscriptionRecord,
  creator?: { publicName: string; slug: string },
): SubscriptionView {
  return {
    id: record._id,
    creatorId: record.creatorId,
    ...(creator && { creator: { publicName: creator.publicName, slug: creator.slug } }),
    status: record.status,
    timeZone: record.timeZone,
    settings: record.settings,
    subscriptionType: record.subscriptionType,
    ...(record.confirmedAt && { confirmedAt: record.confirmedAt.toISOString() }),
  };
}

/** What the unsubscribe page may show to whoever holds the link: whose club and the status, nothing personal. */
export const subscriptionSummary = (
  record: Pick<SubscriptionRecord, 'status'>,
  creator: { publicName: string; slug: string },
): SubscriptionSummary => ({
  creator: { publicName: creator.publicName, slug: creator.slug },
  status: record.status,
});
