// A creator's own plan, through the API (spec section 7, "Creator"): start a checkout on the sandbox's hosted
// page, read the plan, open the customer portal. The token names the caller: a `userId` in the call that is not
// theirs is refused (`forbidden`), `userEmail` is not used. Return addresses must be on the site (no open
// redirects).
import {
  endpoints,
  type AuthUser,
  type CreatorPlanAnswer,
  type CreatorPlanCheckout,
  type CreatorPlanPortal,
  type ErrorDetail,
  type ManageCreatorPlanBody,
  type StartCreatorPlanBody,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { linkTokenHash, siteAddress } from '../domain/plans.js';
import type { CheckoutSession, NewPlan, PlanDocument } from '../store/plans.js';
import type { BillingParts } from './parts.js';
import { newCheckoutId, newLinkToken, newPlanId, pageAddress, planView } from './plan-parts.js';

const NOT_ON_SITE = 'Use a path on this site or an address on its origin';

/** The spec's calls carry a `userId`: it may only name the caller. */
function assertSelf(user: AuthUser, userId: string | undefined) {
  if (userId !== undefined && userId !== user.id) throw appError('forbidden');
}

/** Each address on the site's origin, made absolute; any other is a validation failure naming its field. */
function siteAddresses<K extends string>(site: string, urls: Record<K, string>): Record<K, string> {
  const details: ErrorDetail[] = [];
  const out = {} as Record<K, string>;
  for (const [field, value] of Object.entries(urls) as [K, string][]) {
    const address = siteAddress(value, site);
    if (address) out[field] = address;
    else details.push({ path: field, message: NOT_ON_SITE });
  }
  if (details.length) throw appError('validation-failed', details);
  return out;
}

export type PlanFlows = ReturnType<typeof planFlows>;

export function planFlows({ plans, creators, config }: BillingParts) {
  const site = config.WEB_URL;
  const price = { amount: config.CREATOR_PLAN_AMOUNT, currency: config.CREATOR_PLAN_CURRENCY };

  /** The caller's plan with a new checkout: their first, their unpaid one again, or a new one after one ended. */
  async function withCheckout(user: AuthUser, subscriptionId: string | undefined, checkout: CheckoutSession) {
    // A token from before staff revoked the role still says creator for its minutes: no new plan for it.
    if (await creators.isRevoked(user.id)) throw appError('role-revoked');
    for (let tries = 0; tries < 3; tries++) {
      const current = await plans.get(user.id);
      if (current?.status === 'active' || current?.status === 'past_due') throw appError('creator-plan-exists');
      const unpaid = current?.status === 'incomplete' ? current.planId : undefined;
      if (subscriptionId !== undefined && subscriptionId !== unpaid) throw appError('creator-plan-not-found');
      const next: NewPlan = {
        planId: newPlanId(),
        price,
        ...(user.email ? { email: user.email } : {}),
        createdAt: new Date(),
        checkout,
      };
      let plan: PlanDocument | null;
      if (!current) plan = await plans.create(user.id, next);
      else plan = await plans.restartCheckout(current, checkout, current.status === 'incomplete' ? undefined : next);
      // Null: another call changed the plan meanwhile; decide again on what it is now.
      if (plan) return plan;
    }
    throw appError('creator-plan-exists');
  }

  return {
    /** A checkout link for the caller's plan (works once, for PLAN_CHECKOUT_TTL_S). */
    async start(user: AuthUser, body: StartCreatorPlanBody, now = new Date()): Promise<CreatorPlanCheckout> {
      assertSelf(user, body.userId);
      const { returnUrl, cancelUrl } = siteAddresses(site, {
        returnUrl: body.returnUrl,
        cancelUrl: body.cancelUrl ?? body.returnUrl,
      });
      const token = newLinkToken();
      const checkout: CheckoutSession = {
        id: newCheckoutId(),
        tokenHash: linkTokenHash(token),
        expiresAt: new Date(now.getTime() + config.PLAN_CHECKOUT_TTL_S * 1000),
        returnUrl,
        cancelUrl,
        attempts: 0,
      };
      const plan = await withCheckout(user, body.subscriptionId, checkout);
      return {
        checkoutUrl: pageAddress(endpoints.billing.planCheckoutPage, token, site),
        subscriptionId: plan.planId,
      };
    },

    /** The caller's plan; none yet (a new creator) is `{ plan: null }`, a normal answer and not a refusal. */
    async get(user: AuthUser, userId: string | undefined): Promise<CreatorPlanAnswer> {
      assertSelf(user, userId);
      const plan = await plans.get(user.id);
      return { plan: plan ? planView(plan) : null };
    },

    /** A portal link for the caller's plan (for PLAN_PORTAL_TTL_S; a newer one replaces it). */
    async manage(user: AuthUser, body: ManageCreatorPlanBody, now = new Date()): Promise<CreatorPlanPortal> {
      assertSelf(user, body.userId);
      const { returnUrl } = siteAddresses(site, { returnUrl: body.returnUrl });
      const token = newLinkToken();
      const expiresAt = new Date(now.getTime() + config.PLAN_PORTAL_TTL_S * 1000);
      const plan = await plans.openPortal(user.id, { tokenHash: linkTokenHash(token), expiresAt, returnUrl });
      if (!plan) throw appError('creator-plan-not-found');
      return { portalUrl: pageAddress(endpoints.billing.planPortalPage, token, site), subscriptionId: plan.planId };
    },
  };
}
