// The sandbox's hosted checkout of a creator's plan: the page its link opens, and its card form, which pays the
// first month and sends the browser back to the checkout's returnUrl. The link's secret is the only
// authorisation: it works until it expires, and once paid only leads back to returnUrl.
import { endpoints, type Money, type PlanCardForm } from '@travelclub/contracts';
import type { CausalContext } from '@travelclub/kit';
import { linkTokenHash, periodEnd, planChargeKeys } from '../domain/plans.js';
import type { CheckoutSession, PlanDocument } from '../store/plans.js';
import type { BillingParts } from './parts.js';
import {
  cardAttempt,
  keepOrGiveBack,
  paidMonth,
  pagePath,
  planAfter,
  planEvent,
  type CardPayment,
  type PageOutcome,
} from './plan-parts.js';

/** What the checkout page shows. */
export interface CheckoutView {
  price: Money;
  /** The account the plan is for, as its token named it. */
  email?: string;
  /** Where the form posts. */
  action: string;
  cancelUrl: string;
}

interface Checkout {
  plan: PlanDocument;
  checkout: CheckoutSession;
  token: string;
}
type Opened = Checkout | { outcome: PageOutcome<CheckoutView> };

/** The unpaid plan a link opens, or what to answer instead. */
async function open({ plans }: BillingParts, token: string, now: Date): Promise<Opened> {
  const plan = await plans.byCheckoutToken(linkTokenHash(token));
  const checkout = plan?.checkout;
  if (!plan || !checkout) return { outcome: { kind: 'message', code: 'plan-link-invalid' } };
  // Paid already (the form sent twice, the page opened again): back to where the payment would have led.
  if (checkout.completedAt) return { outcome: { kind: 'redirect', to: checkout.returnUrl } };
  if (plan.status !== 'incomplete' || checkout.expiresAt <= now)
    return { outcome: { kind: 'message', code: 'plan-link-invalid' } };
  return { plan, checkout, token };
}

const viewOf = ({ plan, checkout, token }: Checkout): CheckoutView => ({
  price: plan.price,
  ...(plan.email ? { email: plan.email } : {}),
  action: pagePath(endpoints.billing.planCheckoutPay, token),
  cancelUrl: checkout.cancelUrl,
});

/** The first month paid: the plan starts, or (the link was replaced meanwhile) the money goes back. */
async function start(
  parts: BillingParts,
  { plan, checkout }: Checkout,
  payment: Extract<CardPayment, { paid: true }>,
  { key, now, ctx }: { key: string; now: Date; ctx: CausalContext },
): Promise<PageOutcome<CheckoutView>> {
  const end = periodEnd(now, 1);
  const month = paidMonth(plan.planId, { period: 1, start: now, end, key }, payment, now);
  const after = planAfter(plan, { start: now, end, cancelAtPeriodEnd: false });
  const event = planEvent('billing.subscription.started', after, now, ctx);
  // The same attempt sent twice: the other one recorded this very charge, and the page goes on the same way.
  const kept = await keepOrGiveBack(parts, { userId: plan._id, key, charge: payment.charge }, () =>
    parts.plans.started(plan._id, checkout, month, event),
  );
  return kept ? { kind: 'redirect', to: checkout.returnUrl } : { kind: 'message', code: 'payment-refunded' };
}

/** The card form: the first month charged through the sandbox's card rules, the card kept for renewals. */
async function pay(
  parts: BillingParts,
  token: string,
  form: PlanCardForm,
  { ctx, now }: { ctx: CausalContext; now: Date },
): Promise<PageOutcome<CheckoutView>> {
  const opened = await open(parts, token, now);
  if ('outcome' in opened) return opened.outcome;
  const { plan, checkout } = opened;
  const key = planChargeKeys.checkout(plan.planId, checkout.id, checkout.attempts);
  const tried = await cardAttempt(parts, form, {
    userId: plan._id,
    declinedHere: checkout.attempts,
    key,
    amount: plan.price,
    reference: plan.planId,
    onDecline: () => parts.plans.checkoutDeclined(plan._id, checkout),
  });
  if ('problem' in tried) return { kind: 'page', view: viewOf(opened), problem: tried.problem };
  return start(parts, opened, tried.paid, { key, now, ctx });
}

export type CheckoutFlows = ReturnType<typeof checkoutFlows>;

export function checkoutFlows(parts: BillingParts) {
  return {
    async page(token: string, now = new Date()): Promise<PageOutcome<CheckoutView>> {
      const opened = await open(parts, token, now);
      return 'outcome' in opened ? opened.outcome : { kind: 'page', view: viewOf(opened) };
    },
    pay: (token: string, form: PlanCardForm, ctx: CausalContext, now = new Date()) =>
      pay(parts, token, form, { ctx, now }),
  };
}
