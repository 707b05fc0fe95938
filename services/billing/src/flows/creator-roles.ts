// The creators billing knows: each slug's creator (creator.profile.updated), and a creator's role taken away by support staff, or given back (auth.role.revoked, auth.role.granted): while
// the revoke stands their slugs earn no commission (settlement asks the directory) and their plan is not renewed.
// It ends at the close of the paid period (an overdue one at once); the portal stays open for their invoices.
// A re-grant lets a plan that was set to end only for the revoke renew again.
import type { CausalContext } from '@travelclub/kit';
import type { BillingParts } from './parts.js';
import { planAfter, planEvent } from './plan-parts.js';

const CREATOR = 'role/creator';

export type CreatorRoleFlows = ReturnType<typeof creatorRoleFlows>;

export function creatorRoleFlows({ creators, plans, log }: BillingParts) {
  return {
    /** A creator's profile (creator.profile.updated): who earns a slug's commission, under which public name. */
    async profileUpdated(slug: string, userId: string, publicName: string): Promise<void> {
      await creators.upsert(slug, userId, publicName);
    },
    async revoked(userId: string, role: string, at: Date, ctx: CausalContext): Promise<void> {
      if (role !== CREATOR) return;
      await creators.roleChanged(userId, true, at);
      // A newer grant already stands (an old event replayed late): the plan is left as it is.
      if (!(await creators.isRevoked(userId))) return;
      const plan = await plans.get(userId);
      if (plan?.status === 'active' && (await plans.endForRevoke(plan)))
        log.info({ userId, planId: plan.planId, endsAt: plan.currentPeriodEnd }, 'plan ends: creator role revoked');
      if (plan?.status === 'past_due') {
        const now = new Date();
        const event = planEvent(
          'billing.subscription.cancelled',
          planAfter(plan, { cancelAtPeriodEnd: true }),
          now,
          ctx,
        );
        if (await plans.endOverdueForRevoke(plan, now, event))
          log.info({ userId, planId: plan.planId }, 'overdue plan ended: creator role revoked');
      }
    },

    async granted(userId: string, role: string, at: Date): Promise<void> {
      if (role !== CREATOR) return;
      await creators.roleChanged(userId, false, at);
      if (await creators.isRevoked(userId)) return;
      const plan = await plans.resumeAfterRevoke(userId);
      if (plan) log.info({ userId, planId: plan.planId }, 'plan renews again: creator role given back');
    },

    /** True while staff's revoke of the account's creator role stands. */
    isRevoked: (userId: string) => creators.isRevoked(userId),
  };
}
