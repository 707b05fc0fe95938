// The club's home tab as visitors see it: subscribe by email, the stays the creator recommends, their trips and
// their itineraries. Empty sections are left out (a new club says it is getting started). The dashboard's
// "/dashboard/club" shows the same view with `editLinks`: a small edit link on each section, and the empty
// sections kept with a word on how to fill them.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GuideCard, PackageCard, StayCard } from './club-cards';
import { clubPath, type ClubData } from './club-data';
import { clubTexts } from './club-texts';
import { SubscribeBox } from './subscribe-box';

export type { ClubData } from './club-data';
export { ClubHeader } from './club-header';

/** The stays and itineraries the home tab shows before "See all". */
export const HOME_STAYS = 6;
export const HOME_GUIDES = 3;

const EDIT = {
  stays: { to: '/dashboard/manage-stays', label: clubTexts.manageStays },
  itineraries: { to: '/dashboard/manage-itineraries', label: clubTexts.manageItineraries },
} as const;

function Section(props: {
  id: string;
  title: string;
  edit?: (typeof EDIT)[keyof typeof EDIT];
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="club-section" aria-labelledby={props.id}>
      <div className="club-section-head">
        <h2 id={props.id}>{props.title}</h2>
        {props.edit ? (
          <Link className="club-edit-link" to={props.edit.to}>
            {props.edit.label}
          </Link>
        ) : null}
        {props.more ? (
          <Link className="club-more-link" to={props.more.to}>
            {props.more.label}
          </Link>
        ) : null}
      </div>
      {props.children}
    </section>
  );
}

/** An empty section's word: for the dashboard's preview only (visitors never see an empty section). */
function EmptyHint({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <p className="club-empty">
      {text} <Link to={to}>{label}</Link>
    </p>
  );
}

function Stays({ club, editLinks }: { club: ClubData; editLinks?: boolean }) {
  const { slug, publicName } = club.profile;
  const stays = club.recommendations.slice(0, HOME_STAYS);
  if (stays.length === 0 && !editLinks) return null;
  const more = club.recommendations.length > HOME_STAYS;
  return (
    <Section
      id="club-stays-title"
      title={clubTexts.staysTitle(publicName)}
      edit={editLinks ? EDIT.stays : undefined}
      more={more ? { to: clubPath(slug, 'stays'), label: clubTexts.seeAllStays } : undefined}
    >
      {stays.length ? (
        <ul className="club-grid">
          {stays.map((stay, i) => (
            <li key={stay.id}>
              <StayCard stay={stay} clubSlug={slug} eager={i === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyHint text={clubTexts.noStays(publicName)} to="/dashboard/stays/add" label={clubTexts.addFirstStay} />
      )}
    </Section>
  );
}

function Trips({ club, editLinks }: { club: ClubData; editLinks?: boolean }) {
  const { slug, publicName } = club.profile;
  if (club.packages.length === 0 && !editLinks) return null;
  return (
    <Section
      id="club-trips-title"
      title={clubTexts.packagesTitle(publicName)}
      edit={editLinks ? EDIT.itineraries : undefined}
    >
      {club.packages.length ? (
        <ul className="club-grid" data-wide="true">
          {club.packages.map((trip, i) => (
            <li key={trip.id}>
              {/* With no stays above them, the first trip is the first card in view. */}
              <PackageCard trip={trip} clubSlug={slug} eager={i === 0 && club.recommendations.length === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyHint text={clubTexts.noTrips} to="/dashboard/experiences/add" label={clubTexts.addFirstTrip} />
      )}
    </Section>
  );
}

function Guides({ club, editLinks }: { club: ClubData; editLinks?: boolean }) {
  const { slug, publicName } = club.profile;
  const guides = club.guides.slice(0, HOME_GUIDES);
  if (guides.length === 0 && !editLinks) return null;
  const more = club.guides.length > HOME_GUIDES;
  return (
    <Section
      id="club-guides-title"
      title={clubTexts.guidesTitle(publicName)}
      edit={editLinks ? EDIT.itineraries : undefined}
      more={more ? { to: clubPath(slug, 'itineraries'), label: clubTexts.seeAllGuides } : undefined}
    >
      <GuideList club={club} guides={guides} />
    </Section>
  );
}

/** The club's itineraries as cards (the home tab's first few, or all of them on the itineraries tab). */
export function GuideList({ club, guides = club.guides }: { club: ClubData; guides?: ClubData['guides'] }) {
  if (guides.length === 0) return <p className="club-empty">{clubTexts.noGuides(club.profile.publicName)}</p>;
  return (
    <ul className="club-grid">
      {guides.map((guide) => (
        <li key={guide.id}>
          <GuideCard guide={guide} clubSlug={club.profile.slug} />
        </li>
      ))}
    </ul>
  );
}

export function ClubView({ club, editLinks }: { club: ClubData; editLinks?: boolean }) {
  const empty = !club.recommendations.length && !club.packages.length && !club.guides.length;
  return (
    <div className="club-view">
      {empty && !editLinks ? <p className="club-welcome">{clubTexts.gettingStarted(club.profile.publicName)}</p> : null}
      <SubscribeBox profile={club.profile} />
      <Stays club={club} editLinks={editLinks} />
      <Trips club={club} editLinks={editLinks} />
      <Guides club={club} editLinks={editLinks} />
    </div>
  );
}
