// What the plan section says in each of the plan's states (billing's CreatorPlan): pure, so every state's
// text is tested on its own.
import type { CreatorPlan } from '@travelclub/contracts';
import { formatMoney } from '~/search/format';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDay = (instant: string) => dateFormat.format(new Date(instant));

export const NO_PLAN =
  'You are on the free plan. The creator plan is billed monthly, and you can cancel it any time from the billing portal.';
export const PLAN_STARTED = 'Thank you! Your plan starts as soon as the payment is confirmed.';
export const CHECKOUT_CANCELLED = 'Checkout cancelled. Your plan has not started.';

export type PlanAction = 'start' | 'finish' | 'manage' | 'restart';

export interface PlanView {
  /** One line on where the plan stands. */
  summary: string;
  /** A warning the creator must act on. */
  warning?: string;
  details: string[];
  action: PlanAction;
}

const ACTION_LABELS: Record<PlanAction, string> = {
  start: 'Start your plan',
  finish: 'Finish checkout',
  manage: 'Manage plan',
  restart: 'Start a new plan',
};
export const actionLabel = (action: PlanAction) => ACTION_LABELS[action];

function cardLine(plan: CreatorPlan): string[] {
  if (!plan.card) return [];
  const brand = plan.card.brand.charAt(0).toUpperCase() + plan.card.brand.slice(1);
  return [`Paid with ${brand} ending ${plan.card.last4}.`];
}

function activeView(plan: CreatorPlan, price: string): PlanView {
  const end = plan.currentPeriodEnd ? formatDay(plan.currentPeriodEnd) : null;
  const period = !end
    ? []
    : plan.cancelAtPeriodEnd
      ? [`Ends on ${end}: you cancelled its renewal.`]
      : [`Renews on ${end}.`];
  return { summary: `Creator plan · ${price} a month`, details: [...period, ...cardLine(plan)], action: 'manage' };
}

export function planView(plan: CreatorPlan | null): PlanView {
  if (!plan) return { summary: NO_PLAN, details: [], action: 'start' };
  const price = formatMoney(plan.price);
  const ended = plan.endedAt ?? plan.currentPeriodEnd;
  switch (plan.status) {
    case 'active':
      return activeView(plan, price);
    case 'incomplete':
      return {
        summary: `Your creator plan (${price} a month) is waiting for its first payment.`,
        details: [],
        action: 'finish',
      };
    case 'past_due':
      return {
        summary: `Creator plan · ${price} a month`,
        warning: `Your last payment was declined. Update your card${plan.graceUntil ? ` by ${formatDay(plan.graceUntil)}` : ''} to keep your plan.`,
        details: cardLine(plan),
        action: 'manage',
      };
    case 'cancelled':
      return { summary: `Your plan ended${ended ? ` on ${formatDay(ended)}` : ''}.`, details: [], action: 'restart' };
    case 'lapsed':
      return {
        summary: `Your plan lapsed${ended ? ` on ${formatDay(ended)}` : ''}: its payment did not go through.`,
        details: [],
        action: 'restart',
      };
  }
}
