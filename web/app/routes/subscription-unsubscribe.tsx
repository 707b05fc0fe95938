// /emailSubscription/{id}/unsubscribe?token=: the unsubscribe link of every subscriber mail. Opening it only asks
// (mail scanners open links, so a GET never unsubscribes), naming the club from
// `GET /api/v1/emailSubscription/{id}?token=`; the page's form POSTs to the action, which calls
// `DELETE /api/v1/emailSubscription/{id}?token=` and says it is done.
import { unsubscribeTexts } from '~/club/club-texts';
import { UnsubscribePageView } from '~/club/subscription-pages';
import { readUnsubscribeLink, unsubscribeAction } from '~/club/subscription.server';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/subscription-unsubscribe';

export const loader = ({ request, params }: Route.LoaderArgs) => readUnsubscribeLink(request, params.id);

export const action = ({ request, params }: Route.ActionArgs) => unsubscribeAction(request, params.id);

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () => [
  { title: `${unsubscribeTexts.button} · ${PRODUCT}` },
  { name: 'robots', content: 'noindex' },
];

export default function SubscriptionUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePageView page={loaderData} answer={actionData} />;
}
