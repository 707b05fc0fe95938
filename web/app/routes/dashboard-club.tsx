// /dashboard/club (outside the layout, spec section 2): the creator's club as visitors see it (the club's own
// header and home view), with an edit link on each part and the club's link to open or copy. Read in the
// browser: the creator's own page, never cached for them beyond the club view's few seconds.
import { useQuery } from '@tanstack/react-query';
import { ClubHeader, ClubView } from '~/club/club-view';
import { codeOf } from '~/lib/api-errors';
import { clubViewQuery } from '~/lib/queries';
import { requireSession } from '~/dashboard/creator-gate';
import { CopyLink } from '~/dashboard/copy-link';
import { DashboardFrame } from '~/dashboard/frame';
import { clubUrl, useCreatorProfile } from '~/dashboard/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { PRODUCT } from '~/lib/brand';
import { LinkButton } from '~/ui/button';
import type { Route } from './+types/dashboard-club';

export const meta: Route.MetaFunction = () => [{ title: `Your club · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export const PREVIEW_NOTE = 'This is your club as visitors see it. Each part has a link to change it.';
export const NOT_LIVE =
  'Your club is not live yet: it opens as soon as your creator profile is ready. Try again in a moment.';

function useClubView(slug: string | undefined) {
  return useQuery({ ...clubViewQuery(slug ?? ''), enabled: Boolean(slug) });
}

function PreviewBar({ slug }: { slug: string }) {
  return (
    <section className="dash-card dash-preview-bar" aria-label="Preview">
      <p>{PREVIEW_NOTE}</p>
      <div className="dash-actions">
        <LinkButton variant="secondary" to={`/user/${slug}`}>
          Open your club
        </LinkButton>
        <LinkButton variant="quiet" to="/dashboard/club-settings">
          Club settings
        </LinkButton>
      </div>
      <CopyLink url={clubUrl(slug)} />
    </section>
  );
}

function ClubPreview() {
  const profile = useCreatorProfile();
  const club = useClubView(profile.data?.slug);
  const failed = profile.isError ? profile : club.isError ? club : null;
  if (failed || !profile.data || !club.data) {
    // The club's own header is the page's heading once it is there; until then the page names itself.
    return (
      <div className="stack">
        <h1>Your club</h1>
        {!failed ? (
          <Loading text="Loading your club…" />
        ) : codeOf(failed.error) === 'profile-not-found' ? (
          <p className="dash-warning">{NOT_LIVE}</p>
        ) : (
          <LoadError error={failed.error} retry={() => void failed.refetch()} />
        )}
      </div>
    );
  }
  return (
    <div className="stack">
      <PreviewBar slug={club.data.profile.slug} />
      <div className="dash-club-preview">
        <ClubHeader club={club.data} editLinks />
        <ClubView club={club.data} editLinks />
      </div>
    </div>
  );
}

export default function DashboardClub() {
  return (
    <DashboardFrame>
      <ClubPreview />
    </DashboardFrame>
  );
}
