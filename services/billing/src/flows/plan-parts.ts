// What the plan flows share: the plan as the API shows it, its events, links to the hosted pages, what a page
// flow answers, and paying a plan by a typed card (charged, then kept at the provider for the renewals).
import {
  CardSchema,
  pathOf,
  type Card,
  type CreatorPlan,
  type Endpoint,
  type ErrorCode,
  type EventPayload,
  type Money,
  type PlanCardForm,
} from '@travelclub/contracts';
import { AppError, newEvent, type CausalContext, type OutboxEvent } from '@travelclub/kit';
import { randomBytes, randomUUID } from 'node:crypto';
import type { SavedCard } from '../domain/card.js';
import type { ChargeResult } from '../provider/provider.js';
import type { PaidMonth, PlanDocument } from '../store/plans.js';
import type { BillingParts } from './parts.js';
import { declineCode } from './settlement.js';

/** `{ [key]: the instant }`, or nothing when there is no date. */
const optional = <K extends string>(key: K, date: Date | undefined): Partial<Record<K, string>> =>
  date ? ({ [key]: new Date(date).toISOString() } as Record<K, string>) : {};

export function planView(doc: PlanDocument): CreatorPlan {
  return {
    id: doc.planId,
    userId: doc._id,
    status: doc.status,
    interval: 'month',
    price: doc.price,
    ...optional('currentPeriodStart', doc.currentPeriodStart),
    ...optional('currentPeriodEnd', doc.currentPeriodEnd),
    cancelAtPeriodEnd: doc.cancelAtPeriodEnd,
    ...(doc.status === 'past_due' ? optional('graceUntil', doc.graceUntil) : {}),
    ...(doc.paymentMethod ? { card: { brand: doc.paymentMethod.brand, last4: doc.paymentMethod.last4 } } : {}),
    createdAt: new Date(doc.createdAt).toISOString(),
    ...optional('endedAt', doc.endedAt),
  };
}

const STATUS_AFTER = {
  'billing.subscription.started': 'active',
  'billing.subscription.renewed': 'active',
  'billing.subscription.overdue': 'past_due',
  'billing.subscription.cancelled': 'cancelled',
  'billing.subscription.lapsed': 'lapsed',
} as const;
export type PlanEventType = keyof typeof STATUS_AFTER;

/** The plan as a change leaves it, for its event. */
export interface PlanAfter {
  userId: string;
  planId: string;
  price: Money;
  start?: Date | undefined;
  end?: Date | undefined;
  cancelAtPeriodEnd: boolean;
  graceUntil?: Date | undefined;
}

/** The event of a change, keyed by the creator (their plans' events stay in order), built before the update. */
export function planEvent<T extends PlanEventType>(type: T, after: PlanAfter, at: Date, ctx: CausalContext) {
  const payload = {
    userId: after.userId,
    subscriptionId: after.planId,
    status: STATUS_AFTER[type],
    price: after.price,
    ...optional('currentPeriodStart', after.start),
    ...optional('currentPeriodEnd', after.end),
    cancelAtPeriodEnd: after.cancelAtPeriodEnd,
    ...optional('graceUntil', after.graceUntil),
    at: at.toISOString(),
  };
  return newEvent(type, after.userId, payload as EventPayload<T>, ctx) as OutboxEvent;
}

/** The plan of a document, for planEvent, with these changes. */
export const planAfter = (doc: PlanDocument, changes: Partial<PlanAfter> = {}): PlanAfter => ({
  userId: doc._id,
  planId: doc.planId,
  price: doc.price,
  start: doc.currentPeriodStart,
  end: doc.currentPeriodEnd,
  cancelAtPeriodEnd: doc.cancelAtPeriodEnd,
  ...changes,
});

export const newPlanId = () => `sub_${randomUUID().replace(/-/g, '')}`;
export const newCheckoutId = () => `co_${randomUUID().replace(/-/g, '')}`;
/** A link's secret: 256 random bits. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** A hosted page's path, to link from one page to another (the gateway serves them on the site's origin). */
export const pagePath = (page: Endpoint, token: string) => pathOf(page, { token });
/** The same as an absolute address on the site, for the browser to be sent to. */
export const pageAddress = (page: Endpoint, token: string, site: string) => new URL(pagePath(page, token), site).href;

/** A card form that is not right, and what to say about it. Only the expiry and the name are shown again. */
export interface FormProblem {
  status: number;
  code: ErrorCode;
  fields?: Partial<Record<keyof PlanCardForm, string>>;
  values?: { expiry?: string; holderName?: string };
}

/** What a hosted page's flow answers: a redirect, the page (with a problem to show), or a message page. */
export type PageOutcome<View> =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; view: View; problem?: FormProblem }
  | { kind: 'message'; code: ErrorCode };

/** A link opened: what `then` makes of what it opened, or the outcome that answers it instead. */
const whenOpened = async <Opened extends object, View>(
  opened: Opened | { outcome: PageOutcome<View> },
  then: (opened: Opened) => PageOutcome<View> | Promise<PageOutcome<View>>,
): Promise<PageOutcome<View>> => ('outcome' in opened ? opened.outcome : then(opened));

/** When and in which causal context a hosted page's form is paid. */
export type PayAt = { ctx: CausalContext; now: Date };

/** What a link's secret opens (a plan, or the outcome to answer instead), what it shows, and what its form pays. */
export interface LinkPage<Opened extends object, View> {
  open: (token: string, now: Date) => Promise<Opened | { outcome: PageOutcome<View> }>;
  view: (opened: Opened) => View;
  pay: (opened: Opened, form: PlanCardForm, at: PayAt) => Promise<PageOutcome<View>>;
}

/** The two steps every hosted page has: the page its link opens, and its card form. */
export function linkPageFlows<Opened extends object, View>({ open, view, pay }: LinkPage<Opened, View>) {
  return {
    page: async (token: string, now = new Date()) =>
      whenOpened(await open(token, now), (opened) => ({ kind: 'page' as const, view: view(opened) })),
    pay: async (token: string, form: PlanCardForm, ctx: CausalContext, now = new Date()) =>
      whenOpened(await open(token, now), (opened) => pay(opened, form, { ctx, now })),
  };
}

/** The typed card, or what is wrong with it, field by field, in CardSchema's words. */
function readCardForm(form: PlanCardForm): { card: Card } | { problem: FormProblem } {
  const blankless = (value: string | undefined) => (value?.trim() ? value : undefined);
  const parsed = CardSchema.safeParse({
    number: blankless(form.number),
    expiry: blankless(form.expiry),
    cvc: blankless(form.cvc),
    holderName: blankless(form.holderName),
  });
  if (parsed.success) return { card: parsed.data };
  const fields: FormProblem['fields'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PlanCardForm;
    fields[field] ??= issue.message;
  }
  return { problem: { status: 400, code: 'validation-failed', fields, values: shownAgain(form) } };
}

/** What a card form shows again after a problem: never the number or the security code. */
const shownAgain = (form: PlanCardForm): NonNullable<FormProblem['values']> => ({
  ...(form.expiry ? { expiry: form.expiry } : {}),
  ...(form.holderName ? { holderName: form.holderName } : {}),
});

/** A card payment of a plan: declined (its code), or paid and the card kept for the renewals. */
export type CardPayment = { paid: true; charge: ChargeResult; saved: SavedCard } | { paid: false; code: ErrorCode };

async function payByCard(
  { provider, log }: Pick<BillingParts, 'provider' | 'log'>,
  { key, card, amount, reference }: { key: string; card: Card; amount: Money; reference: string },
): Promise<CardPayment> {
  try {
    const charge = await provider.charge({ idempotencyKey: key, amount, card, reference });
    if (charge.outcome !== 'succeeded') return { paid: false, code: declineCode(charge) };
    // Under the charge's key: trying the same attempt again keeps one card, as it makes one charge.
    const saved = await provider.saveCard({ idempotencyKey: key, card });
    return { paid: true, charge, saved };
  } catch (err) {
    // The same attempt again uses the same key: the provider answers what it did, never a second charge.
    log.error({ err, planId: reference }, 'the payment provider did not answer a plan payment');
    throw new AppError('service-unavailable', undefined, { cause: err });
  }
}

/** The month a payment paid for: its number, dates and the record of the payment. */
export function paidMonth(
  planId: string,
  { period, start, end, key }: { period: number; start: Date; end: Date; key: string },
  { charge, saved }: { charge: ChargeResult; saved: SavedCard },
  paidAt: Date,
): PaidMonth {
  const card = { brand: charge.brand, last4: charge.last4 };
  return {
    period,
    start,
    end,
    paymentMethod: saved,
    payment: { planId, key, chargeId: charge.chargeId, amount: charge.amount, card, period, paidAt },
  };
}

/**
 * A charge that went through: kept when `record` wrote the change it paid for, or when another attempt already
 * recorded this very payment (its key is in the plan's payments); given back at once otherwise. Answers whether
 * it was kept.
 */
export async function keepOrGiveBack(
  parts: Pick<BillingParts, 'provider' | 'log' | 'plans'>,
  { userId, key, charge }: { userId: string; key: string; charge: ChargeResult },
  record: () => Promise<unknown>,
): Promise<boolean> {
  if (await record()) return true;
  const current = await parts.plans.get(userId);
  if (current?.payments.some((payment) => payment.key === key)) return true;
  await giveBack(parts, key, charge);
  return false;
}

/**
 * A charge that went through for a change that could no longer be made (the link was replaced, the plan
 * changed meanwhile): the money goes back at once, under a key of its own.
 */
export async function giveBack(
  { provider, log }: Pick<BillingParts, 'provider' | 'log'>,
  key: string,
  charge: ChargeResult,
) {
  log.warn({ key, chargeId: charge.chargeId }, 'a plan payment arrived that the plan can no longer take; refunding it');
  await provider.refund({ idempotencyKey: `orphan:${key}`, chargeId: charge.chargeId, amount: charge.amount });
}

/** Card testing: too many declines on this link, or by this account lately, and no more attempts. */
async function mayTry(
  { declines, config, log }: Pick<BillingParts, 'declines' | 'config' | 'log'>,
  userId: string,
  declinedHere: number,
): Promise<boolean> {
  let byAccount = 0;
  try {
    byAccount = await declines.count(userId);
  } catch (err) {
    log.error({ err, userId }, 'could not read the account’s declined payments');
  }
  return declinedHere < config.MAX_DECLINES_PER_INVOICE && byAccount < config.MAX_DECLINES_PER_ACCOUNT;
}

/**
 * A card form's attempt at paying a plan: the form read, the caps on declines checked, the card charged under
 * `key` (and kept), or what the page is to say: the form's problems, a decline (recorded by `onDecline` and
 * counted against the account), a provider that did not answer.
 */
async function cardAttempt(
  parts: Pick<BillingParts, 'provider' | 'declines' | 'config' | 'log'>,
  form: PlanCardForm,
  attempt: {
    userId: string;
    declinedHere: number;
    key: string;
    amount: Money;
    reference: string;
    onDecline: () => Promise<void>;
  },
): Promise<{ paid: Extract<CardPayment, { paid: true }> } | { problem: FormProblem }> {
  const { userId, key, amount, reference } = attempt;
  const problem = (status: number, code: ErrorCode) => ({ problem: { status, code, values: shownAgain(form) } });
  const read = readCardForm(form);
  if ('problem' in read) return read;
  if (!(await mayTry(parts, userId, attempt.declinedHere))) return problem(429, 'too-many-payment-attempts');
  let payment: CardPayment;
  try {
    payment = await payByCard(parts, { key, card: read.card, amount, reference });
  } catch {
    return problem(503, 'service-unavailable');
  }
  if (payment.paid) return { paid: payment };
  await attempt.onDecline();
  await countDecline(parts, userId);
  return problem(402, payment.code);
}

/** Counts a decline against the account (best effort: the per-link cap holds anyway). */
async function countDecline({ declines, log }: Pick<BillingParts, 'declines' | 'log'>, userId: string) {
  await declines.add(userId).catch((err: unknown) => log.error({ err, userId }, 'could not count a declined payment'));
}

/** A month of a plan paid with the card form of one of the sandbox's pages (the checkout, the portal). */
export interface MonthByCard<View> {
  plan: PlanDocument;
  /** The charge's key: the same attempt sent again makes no second charge. */
  key: string;
  /** The month's number and dates. */
  month: { period: number; start: Date; end: Date };
  /** The declines on this page so far, and how to record one more. */
  declinedHere: number;
  onDecline: () => Promise<void>;
  /** The page again, to show the form's problem on. */
  view: () => View;
  /** Writes the paid month (and its event) to the plan; false when the plan can no longer take it. */
  record: (month: PaidMonth) => Promise<unknown>;
  /** Where the browser goes once the month is paid and kept. */
  paid: PageOutcome<View>;
}

/**
 * The card form's attempt at paying a month: the page again with the form's problem, or the month paid and
 * recorded (`paid`), or, when the plan could no longer take it, the money given back (`payment-refunded`).
 */
export async function payMonthByCard<View>(
  parts: BillingParts,
  form: PlanCardForm,
  attempt: MonthByCard<View>,
  now: Date,
): Promise<PageOutcome<View>> {
  const { plan, key } = attempt;
  const tried = await cardAttempt(parts, form, {
    userId: plan._id,
    declinedHere: attempt.declinedHere,
    key,
    amount: plan.price,
    reference: plan.planId,
    onDecline: attempt.onDecline,
  });
  if ('problem' in tried) return { kind: 'page', view: attempt.view(), problem: tried.problem };
  const month = paidMonth(plan.planId, { ...attempt.month, key }, tried.paid, now);
  // The same attempt sent twice: the other one recorded this very charge, and the page goes on the same way.
  const kept = await keepOrGiveBack(parts, { userId: plan._id, key, charge: tried.paid.charge }, () =>
    attempt.record(month),
  );
  return kept ? attempt.paid : { kind: 'message', code: 'payment-refunded' };
}
