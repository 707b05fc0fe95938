// /dashboard/settings: the creator's account (email, public name, where to change the club's face), their paid
// plan with billing's hosted checkout and portal, and verification (ask, and where it stands).
import type { Profile } from '@travelclub/contracts';
import { Link } from 'react-router';
import { PlanSection } from '~/dashboard/plan-section';
import { useCreatorProfile } from '~/dashboard/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { VerificationSection } from '~/dashboard/verification-section';
import { PRODUCT } from '~/lib/brand';
import { useSession } from '~/lib/session';
import type { Route } from './+types/dashboard-settings';

export const meta: Route.MetaFunction = () => [{ title: `Settings · ${PRODUCT}` }];

function AccountSection({ email, profile }: { email: string | null; profile: Profile }) {
  return (
    <section className="dash-card stack" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl className="dash-facts">
        <div>
          <dt>Email</dt>
          <dd>{email ?? '—'}</dd>
        </div>
        <div>
          <dt>Public name</dt>
          <dd>{profile.publicName}</dd>
        </div>
        <div>
          <dt>Club address</dt>
          <dd>/user/{profile.slug}</dd>
        </div>
      </dl>
      <p>
        Change your public name, club address and images in <Link to="/dashboard/club-settings">Club settings</Link>.
      </p>
    </section>
  );
}

export default function DashboardSettings() {
  const { user } = useSession();
  const profile = useCreatorProfile();
  return (
    <div className="stack dash-settings">
      <h1>Settings</h1>
      {profile.isPending ? (
        <Loading text="Loading your account…" />
      ) : profile.isError ? (
        <LoadError error={profile.error} retry={() => void profile.refetch()} />
      ) : (
        <AccountSection email={user?.email ?? null} profile={profile.data} />
      )}
      <PlanSection />
      {profile.data ? <VerificationSection profile={profile.data} /> : null}
    </div>
  );
}
