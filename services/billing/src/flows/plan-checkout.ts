// The sandbox's hosted checkout of a creator's plan: the page its link opens, and its card form, which pays the
// first month and sends the browser back to the checkout's returnUrl. The link's secret is the only
// authorisation: it works until it expires, and once paid only leads back to returnUrl.
import { endpoints, type Money, type PlanCardForm } from '@travelclub/contracts';
import { linkTokenHash, periodEnd, planChargeKeys } from '../domain/plans.js';
import type { CheckoutSession, PlanDocument } from '../store/plans.js';
import type { BillingParts } from './parts.js';
import {
  pagePath,
  payMonthByCard,
  planAfter,
  planEvent,
  linkPageFlows,
  type PageOutcome,
  type PayAt,
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

/**
 * The card form: the first month charged through the sandbox's card rules, the card kept for renewals; the plan
 * starts, or (the link was replaced meanwhile) the money goes back.
 */
async function pay(parts: BillingParts, opened: Checkout, form: PlanCardForm, { ctx, now }: PayAt) {
  const { plan, checkout } = opened;
  const end = periodEnd(now, 1);
  const after = planAfter(plan, { start: now, end, cancelAtPeriodEnd: false });
  return payMonthByCard(
    parts,
    form,
    {
      plan,
      key: planChargeKeys.checkout(plan.planId, checkout.id, checkout.attempts),
      month: { period: 1, start: now, end },
      declinedHere: checkout.attempts,
      onDecline: () => parts.plans.checkoutDeclined(plan._id, checkout),
      view: () => viewOf(opened),
      record: (month) =>
        parts.plans.started(plan._id, checkout, month, planEvent('billing.subscription.started', after, now, ctx)),
      paid: { kind: 'redirect', to: checkout.returnUrl },
    },
    now,
  );
}

export type CheckoutFlows = ReturnType<typeof checkoutFlows>;

export function checkoutFlows(parts: BillingParts) {
  return linkPageFlows<Checkout, CheckoutView>({
    open: (token, now) => open(parts, token, now),
    view: viewOf,
    pay: (opened, form, at) => pay(parts, opened, form, at),
  });
}
