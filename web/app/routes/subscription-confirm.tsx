// /emailSubscription/{id}/confirm?confirmationCode=: the double opt-in mail's link. Opening it only asks (a
// company's mail scanner opens every link, and must not confirm a subscription a stranger made for its address);
// the page's form POSTs to the action, which confirms with the creator service and says whose club the reader now
// follows, or why the link no longer works.
import { ConfirmPage } from '~/club/subscription-pages';
import { confirmAction, readConfirmLink } from '~/club/subscription.server';
import { confirmTexts } from '~/club/club-texts';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/subscription-confirm';

export const loader = ({ request, params }: Route.LoaderArgs) => readConfirmLink(request, params.id);

export const action = ({ request, params }: Route.ActionArgs) => confirmAction(request, params.id);

// Each answer is the reader's own (and the code works once): never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData?.state === 'ask' ? confirmTexts.askTitle : confirmTexts.invalidTitle;
  return [{ title: `${title} · ${PRODUCT}` }, { name: 'robots', content: 'noindex' }];
};

export default function SubscriptionConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmPage link={loaderData} answer={actionData} />;
}
