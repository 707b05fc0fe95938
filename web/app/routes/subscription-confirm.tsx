// /emailSubscription/{id}/confirm?confirmationCode=: the double opt-in mail's link. The loader confirms with the
// creator service and the page says whose club the reader now follows, or why the link no longer works.
import { ConfirmPage } from '~/club/subscription-pages';
import { loadConfirmation } from '~/club/subscription.server';
import { confirmTexts } from '~/club/club-texts';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/subscription-confirm';

export const loader = ({ request, params }: Route.LoaderArgs) => loadConfirmation(request, params.id);

// Each answer is the reader's own (and the code works once): never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const confirmed = loaderData?.state === 'confirmed';
  const title = confirmed
    ? loaderData.creator
      ? confirmTexts.title(loaderData.creator.publicName)
      : confirmTexts.titleNoName
    : confirmTexts.invalidTitle;
  return [{ title: `${title} · ${PRODUCT}` }, { name: 'robots', content: 'noindex' }];
};

export default function SubscriptionConfirm({ loaderData }: Route.ComponentProps) {
  return <ConfirmPage data={loaderData} />;
}
