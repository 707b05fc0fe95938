// Email subscribers with double opt-in: an ask stores a pending subscription and mails a confirmation link;
// the link confirms it (creator.subscriber.confirmed); a mail's unsubscribe link, one click in the mail client,
// or the traveller's account end it (creator.subscriber.removed, for confirmed ones). An ask answers the same
// whatever the address's state, so nobody learns from it who is subscribed.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser, SubscribeBody } from '@travelclub/contracts';
import { appError, newEvent, type CausalContext, type JobQueue, type Logger, type OutboxEvent } from '@travelclub/kit';
import { isCreator } from '../domain/profile.js';
import {
  CODE_LIFETIME_MS,
  confirmsWith,
  digestOf,
  emailKeyOf,
  mayMailAgain,
  ownerOf,
  subscriptionLinks,
  subscriptionSummary,
  subscriptionView,
  tokenMatches,
  withNewCode,
  type SubscriptionRecord,
} from '../domain/subscriptions.js';
import type { ProfileStore } from '../store/profiles.js';
import type { SubscriptionLimits, SubscriptionStore } from '../store/subscriptions.js';

export interface SubscriptionDeps {
  store: SubscriptionStore;
  profiles: Pick<ProfileStore, 'get'>;
  mailer: SubscriptionMailer;
  limits: SubscriptionLimits;
  log: Logger;
}

/** Writes that lost a race are decided again on what is stored now, this many times at most. */
const MAX_ATTEMPTS = 5;

const newSecret = () => randomBytes(32).toString('base64url');

/** The confirmation mail: an `emails` job for the notifications worker, keyed by its code. */
export function subscriptionMailer(queue: JobQueue<'emails'>, publicUrl: string) {
  return {
    async confirmation(record: SubscriptionRecord, code: string, creatorName: string) {
      const links = subscriptionLinks(publicUrl, record._id, { code, token: record.unsubscribeToken });
      // The code is secret; its digest is a stable, harmless job id (BullMQ refuses a colon in one).
      const idempotencyKey = `subscription-confirmation-${digestOf(code).slice(0, 32)}`;
      const data = {
        link: links.confirm!,
        expiresInMinutes: CODE_LIFETIME_MS / 60_000,
        creatorName,
        unsubscribeLink: links.page,
      };
      await queue.add(
        {
          to: record.email,
          template: 'email-subscription-confirmation',
          data,
          idempotencyKey,
          listUnsubscribe: links.oneClick,
        },
        { jobId: idempotencyKey },
      );
    },
  };
}
export type SubscriptionMailer = ReturnType<typeof subscriptionMailer>;

type Ask = Pick<SubscriptionRecord, 'timeZone' | 'settings' | 'subscriptionType'> & { userId?: string };
/** A subscription to mail a confirmation code to; null when no mail goes; 'raced' to decide again. */
type AskOutcome = { record: SubscriptionRecord; code: string } | null | 'raced';

async function askFirst(deps: SubscriptionDeps, body: SubscribeBody, ask: Ask, now: Date): Promise<AskOutcome> {
  const code = newSecret();
  const record: SubscriptionRecord = {
    _id: randomUUID(),
    email: body.email.trim(),
    emailKey: emailKeyOf(body.email),
    creatorId: body.creatorId,
    ...ask,
    status: 'pending',
    codes: withNewCode([], digestOf(code), now),
    unsubscribeToken: newSecret(),
    mailedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  return (await deps.store.insert(record)) ? { record, code } : 'raced';
}

/**
 * An address that has a subscription already: a confirmed one changes nothing; a pending or unsubscribed one
 * gets a new code and mail (with the latest settings), unless it was mailed less than RESEND_AFTER_MS ago.
 */
async function askAgain(deps: SubscriptionDeps, current: SubscriptionRecord, ask: Ask, now: Date) {
  if (current.status === 'confirmed' || !mayMailAgain(current, now)) return null;
  const code = newSecret();
  const earlier = current.status === 'pending' ? current.codes : [];
  const record = await deps.store.change(current, {
    ...ask,
    status: 'pending',
    codes: withNewCode(earlier, digestOf(code), now),
    mailedAt: now,
    updatedAt: now,
  });
  return record ? { record, code } : 'raced';
}

async function subscribe(deps: SubscriptionDeps, body: SubscribeBody, caller: AuthUser | null, ip: string) {
  if (!(await deps.limits.perClient.take(ip))) throw appError('too-many-requests');
  const creator = await deps.profiles.get(body.creatorId);
  if (!creator || !isCreator(creator)) throw appError('profile-not-found');
  const userId = ownerOf(caller, emailKeyOf(body.email));
  const ask: Ask = { timeZone: body.timeZone, settings: body.settings, subscriptionType: body.subscriptionType };
  if (userId) ask.userId = userId;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const now = new Date();
    const current = await deps.store.byAddress(emailKeyOf(body.email), body.creatorId);
    const outcome = current ? await askAgain(deps, current, ask, now) : await askFirst(deps, body, ask, now);
    if (outcome === 'raced') continue;
    if (!outcome) return;
    const { record, code } = outcome;
    // Over the limits of the address (whichever creators it asks for) no mail goes, and the answer stays the same.
    if (await deps.limits.mail.mayMail({ address: record.email, ...(caller && { accountId: caller.id }) })) {
      await deps.mailer.confirmation(record, code, creator.publicName);
    } else {
      deps.log.warn({ subscriptionId: record._id, creatorId: record.creatorId }, 'confirmation not sent: mail limit');
    }
    return;
  }
  throw new Error(`subscription of an address to ${body.creatorId} kept changing; gave up`);
}

async function confirm(deps: SubscriptionDeps, id: string, code: string, ctx: CausalContext) {
  const now = new Date();
  const hash = digestOf(code);
  const current = await deps.store.get(id);
  if (!current || !confirmsWith(current, hash, now)) throw appError('subscription-code-invalid');
  const payload = { subscriptionId: id, creatorId: current.creatorId, at: now.toISOString() };
  const confirmed = await deps.store.confirm(id, hash, now, [
    newEvent('creator.subscriber.confirmed', id, payload, ctx),
  ]);
  // Another click of the same link got there first: the code is used.
  if (!confirmed) throw appError('subscription-code-invalid');
  const creator = await deps.profiles.get(confirmed.creatorId);
  return subscriptionView(confirmed, creator ?? undefined);
}

/** Ends a subscription (a second time changes nothing); only a confirmed one was counted, so only it is removed. */
async function leave(deps: SubscriptionDeps, first: SubscriptionRecord, ctx: CausalContext) {
  let current: SubscriptionRecord | null = first;
  for (let attempt = 1; current && attempt <= MAX_ATTEMPTS; attempt++) {
    if (current.status === 'unsubscribed') return;
    const now = new Date();
    const payload = { subscriptionId: current._id, creatorId: current.creatorId, at: now.toISOString() };
    const events: OutboxEvent[] =
      current.status === 'confirmed' ? [newEvent('creator.subscriber.removed', current._id, payload, ctx)] : [];
    const set = { status: 'unsubscribed' as const, unsubscribedAt: now, updatedAt: now, codes: [] };
    if (await deps.store.change(current, set, events)) return;
    current = await deps.store.get(current._id);
  }
  if (current) throw new Error(`subscription ${current._id} kept changing; gave up unsubscribing`);
}

export type SubscriptionFlows = ReturnType<typeof subscriptionFlows>;

export function subscriptionFlows(deps: SubscriptionDeps) {
  return {
    /** Asks for a subscription; answers nothing, whatever happened (see the module's first lines). */
    subscribe: (body: SubscribeBody, caller: AuthUser | null, ip: string) => subscribe(deps, body, caller, ip),

    /** Confirms with the code of a confirmation mail; a wrong, expired or used code is refused. */
    confirm: (id: string, code: string, ctx: CausalContext) => confirm(deps, id, code, ctx),

    /**
     * What the unsubscribe page names before it asks; reads only. A wrong token, a wrong id and an unknown one
     * are the same not-found, and every read counts against the client address (it is a guess at a token).
     */
    async summary(id: string, token: string, ip: string) {
      if (!(await deps.limits.readsPerClient.take(ip))) throw appError('too-many-requests');
      const record = await deps.store.get(id);
      if (!record || !tokenMatches(record, token)) throw appError('subscription-not-found');
      const creator = await deps.profiles.get(record.creatorId);
      if (!creator) throw appError('subscription-not-found');
      return subscriptionSummary(record, creator);
    },

    /** The unsubscribe link of a mail (or its one-click POST): the token must be the subscription's. */
    async unsubscribeWithToken(id: string, token: string, ctx: CausalContext) {
      const record = await deps.store.get(id);
      if (!record || !tokenMatches(record, token)) throw appError('unsubscribe-link-invalid');
      await leave(deps, record, ctx);
    },

    /** The signed-in traveller leaves one creator's list: every subscription of their account to that creator. */
    async unsubscribeAccount(userId: string, creatorId: string, ctx: CausalContext) {
      for (const record of await deps.store.ofAccount(userId, creatorId)) await leave(deps, record, ctx);
    },

    /** The creators a traveller follows (see the store's `confirmedFor`). */
    confirmedFor: deps.store.confirmedFor,
  };
}
