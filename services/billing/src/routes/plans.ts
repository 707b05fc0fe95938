// A creator's own plan: start a checkout, read the plan, open the customer portal (creators only).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.billing, 'startCreatorPlan' | 'creatorPlan' | 'manageCreatorPlan'>;

export function planRoutes({ creatorPlans }: BillingFlows): Handlers<Endpoints> {
  return {
    startCreatorPlan: ({ user, body }) => creatorPlans.start(user, body),
    creatorPlan: ({ user, query }) => creatorPlans.get(user, query.userId),
    manageCreatorPlan: ({ user, body }) => creatorPlans.manage(user, body),
  };
}
