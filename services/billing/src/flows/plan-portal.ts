// The sandbox's customer portal of a creator's plan: the page its link opens (the plan, its card, what comes
// next), cancelling at the period's end and taking that back, and paying an overdue month with a card. The
// link's secret is the only authorisation; it expires (PLAN_PORTAL_TTL_S), and a newer link replaces it.
import { endpoints, type CreatorPlan, type PlanCardForm } from '@travelclub/contracts';
import { linkTokenHash, periodEnd, planChargeKeys } from '../domain/plans.js';
import type { PlanDocument } from '../store/plans.js';
import type { BillingParts } from './parts.js';
import {
  pagePath,
  payMonthByCard,
  planAfter,
  planEvent,
  planView,
  linkPageFlows,
  type PayAt,
  type PageOutcome,
} from './plan-parts.js';

/** What the portal page shows, and where its forms post. */
export interface PortalView {
  plan: CreatorPlan;
  actions: { cancel: string; resume: string; pay: string };
  returnUrl: string;
}

interface Portal {
  plan: PlanDocument;
  returnUrl: string;
  token: string;
}
type Opened = Portal | { outcome: PageOutcome<PortalView> };

const { planPortalPage, planPortalCancel, planPortalResume, planPortalPay } = endpoints.billing;
/** Back to the portal page, which shows what the plan is now (a redirect after a form post). */
const backTo = (token: string): PageOutcome<PortalView> => ({ kind: 'redirect', to: pagePath(planPortalPage, token) });

async function open({ plans }: BillingParts, token: string, now: Date): Promise<Opened> {
  const plan = await plans.byPortalToken(linkTokenHash(token));
  if (!plan?.portal || plan.portal.expiresAt <= now) return { outcome: { kind: 'message', code: 'plan-link-invalid' } };
  return { plan, returnUrl: plan.portal.returnUrl, token };
}

const viewOf = ({ plan, returnUrl, token }: Portal): PortalView => ({
  plan: planView(plan),
  actions: {
    cancel: pagePath(planPortalCancel, token),
    resume: pagePath(planPortalResume, token),
    pay: pagePath(planPortalPay, token),
  },
  returnUrl,
});

/** Cancels at the period's end (`cancel`), or takes that back. */
async function setCancel(parts: BillingParts, token: string, cancel: boolean, now: Date) {
  const opened = await open(parts, token, now);
  if ('outcome' in opened) return opened.outcome;
  // While staff's revoke of the creator role stands the plan is not renewed: only staff's re-grant resumes it.
  if (!cancel && (await parts.creators.isRevoked(opened.plan._id))) return backTo(token);
  const changed = await parts.plans.cancelAtPeriodEnd(linkTokenHash(token), now, cancel);
  if (changed) parts.log.info({ userId: changed._id, planId: changed.planId, cancel }, 'plan cancellation changed');
  return backTo(token);
}

/**
 * An overdue plan paid with a card typed here (another, or the same one again), within its grace: the plan is
 * active again from where it stopped, or the money goes back.
 */
async function pay(parts: BillingParts, opened: Portal, form: PlanCardForm, { ctx, now }: PayAt) {
  const { plan, token } = opened;
  // Nothing overdue (paid meanwhile, lapsed): the page shows what the plan is now.
  if (plan.status !== 'past_due' || !plan.graceUntil || plan.graceUntil <= now) return backTo(token);
  const period = plan.period + 1;
  const start = plan.currentPeriodEnd!;
  const end = periodEnd(plan.anchor!, period);
  const event = planEvent('billing.subscription.renewed', planAfter(plan, { start, end }), now, ctx);
  return payMonthByCard(
    parts,
    form,
    {
      plan,
      key: planChargeKeys.overdue(plan.planId, period, plan.retries),
      month: { period, start, end },
      declinedHere: plan.retries,
      onDecline: () => parts.plans.overdueDeclined(plan),
      view: () => viewOf(opened),
      record: (month) => parts.plans.renewed(plan, 'past_due', month, event),
      paid: backTo(token),
    },
    now,
  );
}

export type PortalFlows = ReturnType<typeof portalFlows>;

export function portalFlows(parts: BillingParts) {
  return {
    ...linkPageFlows<Portal, PortalView>({
      open: (token, now) => open(parts, token, now),
      view: viewOf,
      pay: (opened, form, at) => pay(parts, opened, form, at),
    }),
    cancel: (token: string, now = new Date()) => setCancel(parts, token, true, now),
    resume: (token: string, now = new Date()) => setCancel(parts, token, false, now),
  };
}
