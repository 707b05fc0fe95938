// The explore tab: the places the creator's stays are in, as quick picks for the search; part 1's search form,
// with the club's slug so the catalog counts the search for the creator and the results keep it (a hotel opened
// from them is booked through the club); then the catalog's recommended hotels, the creator's first.
import type { HotelSummary } from '@travelclub/contracts';
import { Link, useSearchParams } from 'react-router';
import { HotelCard } from '~/search/hotel-card';
import { SearchForm } from '~/search/search-form';
import { clubPath, destinationsOf, type ClubData } from './club-data';
import { exploreTexts } from './club-texts';
import type { ExploreData } from './explore.server';

function Destinations({ club, picked }: { club: ClubData; picked: string | null }) {
  const destinations = destinationsOf(club);
  if (destinations.length === 0) return null;
  const { slug, publicName } = club.profile;
  return (
    <section className="club-section" aria-labelledby="explore-places-title">
      <h2 id="explore-places-title">{exploreTexts.destinationsTitle(publicName)}</h2>
      <p className="muted">{exploreTexts.destinationsHint}</p>
      <ul className="club-chips">
        {destinations.map((place) => (
          <li key={place.id}>
            <Link
              className="club-chip"
              to={`${clubPath(slug, 'explore')}?destination=${encodeURIComponent(place.id)}#explore-search-title`}
              aria-current={place.id === picked ? 'true' : undefined}
              preventScrollReset
            >
              <span>{place.label}</span>
              <span className="club-chip-count">{exploreTexts.staysIn(place.stays)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HotelList(props: { id: string; title: string; hotels: HotelSummary[]; clubSlug: string; eager?: boolean }) {
  if (props.hotels.length === 0) return null;
  return (
    <section className="club-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <ul className="hotel-tiles">
        {props.hotels.map((hotel, i) => (
          <li key={hotel.id}>
            <HotelCard hotel={hotel} creator={props.clubSlug} eager={props.eager && i === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ExploreView({ club, data }: { club: ClubData; data: ExploreData }) {
  const [params] = useSearchParams();
  const { slug, publicName } = club.profile;
  const asked = params.get('destination');
  const destination = destinationsOf(club).find((place) => place.id === asked) ?? null;
  return (
    <div className="club-explore">
      <Destinations club={club} picked={destination?.id ?? null} />
      <section className="club-section club-search" aria-labelledby="explore-search-title">
        <h2 id="explore-search-title">{exploreTexts.searchTitle}</h2>
        {/* A new pick is a new form: the search form takes its starting values once. */}
        <SearchForm
          key={destination?.id ?? 'anywhere'}
          initial={destination ? { destination: { id: destination.id, label: destination.label } } : undefined}
          labelledBy="explore-search-title"
          creator={slug}
        />
      </section>
      <HotelList
        id="explore-picked-title"
        title={exploreTexts.pickedTitle(publicName)}
        hotels={data.picked}
        clubSlug={slug}
        eager
      />
      <HotelList id="explore-more-title" title={exploreTexts.moreTitle} hotels={data.more} clubSlug={slug} />
    </div>
  );
}
