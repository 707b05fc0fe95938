// /dashboard/club-settings (outside the layout, spec section 2): the club's face. Public name, club address
// with its live availability check, currency and country (saved together), and the hero image and profile
// picture (each uploaded as soon as it is picked, with a preview and progress).
import type { Profile } from '@travelclub/contracts';
import { useEffect, useState } from 'react';
import { ClubDetailsForm } from '~/dashboard/club-details-form';
import { clubSettingsData } from '~/dashboard/club-settings.server';
import { DashboardFrame } from '~/dashboard/frame';
import { ImageField } from '~/dashboard/image-field';
import { useCreatorProfile } from '~/dashboard/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-club-settings';

export const meta: Route.MetaFunction = () => [{ title: `Club settings · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => clubSettingsData(request);

/** The site's own origin, for the address preview; known only in the browser. */
function useOrigin() {
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

function withOwn(list: readonly string[], own: string) {
  return list.includes(own) ? list : [own, ...list];
}

/** The club's two pictures, each its own field of the creator profile. */
const CLUB_IMAGES = [
  {
    kind: 'heroImage',
    id: 'hero-image',
    title: 'Hero image',
    hint: 'The wide photo at the top of your club. Landscape, at least 1200 px across; JPEG, PNG, WebP or AVIF up to 10 MB.',
    alt: "Your club's hero image",
  },
  {
    kind: 'profilePicture',
    id: 'profile-picture',
    title: 'Profile picture',
    hint: 'A square photo of you, shown round beside your name.',
    alt: 'Your profile picture',
  },
] as const;

function ClubImages({ profile }: { profile: Profile }) {
  const images = profile.creatorProfile ?? {};
  return (
    <section className="dash-card stack" aria-labelledby="images-title">
      <h2 id="images-title">Pictures</h2>
      <div className="dash-images">
        {CLUB_IMAGES.map((image) => (
          <ImageField key={image.kind} {...image} profileId={profile.userId} current={images[image.kind]} />
        ))}
      </div>
    </section>
  );
}

export default function ClubSettings({ loaderData }: Route.ComponentProps) {
  const profile = useCreatorProfile();
  const origin = useOrigin();
  return (
    <DashboardFrame title="Club settings">
      {profile.isPending ? (
        <Loading text="Loading your club…" />
      ) : profile.isError ? (
        <LoadError error={profile.error} retry={() => void profile.refetch()} />
      ) : (
        <div className="stack dash-club-settings">
          <ClubDetailsForm
            profile={profile.data}
            currencies={withOwn(loaderData.currencies, profile.data.currency)}
            origin={origin}
          />
          <ClubImages profile={profile.data} />
        </div>
      )}
    </DashboardFrame>
  );
}
