// The sandbox's hosted pages of creators' plans (public: the link's secret authorises them), answered as HTML
// under a content policy of their own: nothing loads, nothing runs, forms post only to this site. Their forms
// post urlencoded bodies, parsed on these routes only.
import formbody from '@fastify/formbody';
import { creatorPlanPageEndpoints, errorCatalogue } from '@travelclub/contracts';
import { registerEndpoints, type Handler, type Handlers, type ServiceApp } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';
import type { FormProblem, PageOutcome } from '../flows/plan-parts.js';
import { checkoutPage, messagePage, portalPage } from './plan-page-html.js';

type Reply = Parameters<Handler<typeof creatorPlanPageEndpoints.planCheckoutPage>>[1];

/** The pages' own headers: not cached (their links are secrets), not framed, sending no referrer. */
function pageHeaders(siteOrigin: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; form-action 'self' ${siteOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

function answer<V>(
  reply: Reply,
  headers: Record<string, string>,
  outcome: PageOutcome<V>,
  render: (view: V, problem?: FormProblem) => string,
) {
  // A redirect after a form post is a 303, so the browser follows it with a GET.
  if (outcome.kind === 'redirect')
    return reply.code(303).headers({ location: outcome.to, 'cache-control': 'no-store' }).send();
  const [status, html] =
    outcome.kind === 'message'
      ? [errorCatalogue[outcome.code].status, messagePage(outcome.code)]
      : [outcome.problem?.status ?? 200, render(outcome.view, outcome.problem)];
  return reply.code(status).headers(headers).send(html);
}

function pageHandlers({ creatorPlans }: BillingFlows, siteOrigin: string): Handlers<typeof creatorPlanPageEndpoints> {
  const { checkout, portal } = creatorPlans;
  const headers = pageHeaders(siteOrigin);
  return {
    planCheckoutPage: async ({ params }, reply) =>
      answer(reply, headers, await checkout.page(params.token), checkoutPage),
    planCheckoutPay: async ({ params, body, ctx }, reply) =>
      answer(reply, headers, await checkout.pay(params.token, body, ctx), checkoutPage),
    planPortalPage: async ({ params }, reply) => answer(reply, headers, await portal.page(params.token), portalPage),
    planPortalCancel: async ({ params }, reply) =>
      answer(reply, headers, await portal.cancel(params.token), portalPage),
    planPortalResume: async ({ params }, reply) =>
      answer(reply, headers, await portal.resume(params.token), portalPage),
    planPortalPay: async ({ params, body, ctx }, reply) =>
      answer(reply, headers, await portal.pay(params.token, body, ctx), portalPage),
  };
}

/** Registers the pages in a context of their own, the only one that reads urlencoded forms. */
export async function registerPlanPages(app: ServiceApp, flows: BillingFlows, siteUrl: string): Promise<void> {
  await app.register(async (pages) => {
    await pages.register(formbody, { bodyLimit: 8 * 1024 });
    registerEndpoints(pages, creatorPlanPageEndpoints, pageHandlers(flows, new URL(siteUrl).origin));
  });
}
