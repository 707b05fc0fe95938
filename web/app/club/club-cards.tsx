// The club's cards: a recommended stay (the creator's title, picture and words, the catalog's hotel and its
// price a night), a trip (package) and an itinerary (guide). Each card is one link, its title; the whole card
// is its target (part 1's card pattern), so a screen reader meets one link per card.
import { Link } from 'react-router';
import { formatMoney } from '~/search/format';
import { ClubImage } from './club-image';
import {
  clubHotelPath,
  guidePath,
  packagePath,
  stayPicture,
  type ClubGuide,
  type ClubPackage,
  type ClubStay,
} from './club-data';
import { clubTexts } from './club-texts';

type HeadingLevel = 'h2' | 'h3';

interface CardProps {
  clubSlug: string;
  /** The first card in view: its picture comes with the page. */
  eager?: boolean;
  heading?: HeadingLevel;
}

const publishedFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function StayCard({ stay, clubSlug, eager, heading: Heading = 'h3' }: CardProps & { stay: ClubStay }) {
  const { hotel } = stay;
  return (
    <article className="club-card stay-card">
      <ClubImage asset={stayPicture(stay)} eager={eager} />
      <div className="club-card-body">
        <Heading className="club-card-title">
          <Link className="club-card-link" to={clubHotelPath(hotel.slug, clubSlug)}>
            {stay.recommendationTitle}
          </Link>
        </Heading>
        <p className="club-card-meta">{clubTexts.staySubtitle(hotel.name, hotel.address.city)}</p>
        {stay.recommendationText ? <p className="club-card-text">{stay.recommendationText}</p> : null}
        {hotel.fromPrice ? (
          <p className="club-card-price">{clubTexts.fromPrice(formatMoney(hotel.fromPrice))}</p>
        ) : null}
      </div>
    </article>
  );
}

function packagePrice(pricing: ClubPackage['pricing']): string {
  return pricing.kind === 'perPerson' ? clubTexts.perPerson(formatMoney(pricing.price)) : clubTexts.priceOnRequest;
}

export function PackageCard({ trip, clubSlug, eager, heading: Heading = 'h3' }: CardProps & { trip: ClubPackage }) {
  const dates =
    trip.offeredDates.kind === 'any' ? clubTexts.anyDate : clubTexts.departures(trip.offeredDates.dates.length);
  return (
    <article className="club-card package-card">
      <ClubImage asset={trip.cover} eager={eager} />
      <div className="club-card-body">
        <Heading className="club-card-title">
          <Link className="club-card-link" to={packagePath(clubSlug, trip.id)}>
            {trip.title}
          </Link>
        </Heading>
        <p className="club-card-meta">
          {clubTexts.nights(trip.nights)} · {dates}
        </p>
        {trip.summary ? <p className="club-card-text">{trip.summary}</p> : null}
        <p className="club-card-price">{packagePrice(trip.pricing)}</p>
      </div>
    </article>
  );
}

export function GuideCard({ guide, clubSlug, eager, heading: Heading = 'h3' }: CardProps & { guide: ClubGuide }) {
  return (
    <article className="club-card guide-card">
      <ClubImage asset={guide.cover} eager={eager} />
      <div className="club-card-body">
        <Heading className="club-card-title">
          <Link className="club-card-link" to={guidePath(clubSlug, guide.id)}>
            {guide.title}
          </Link>
        </Heading>
        {guide.publishedAt ? (
          <p className="club-card-meta">{clubTexts.published(publishedFormat.format(new Date(guide.publishedAt)))}</p>
        ) : null}
        {guide.summary ? <p className="club-card-text">{guide.summary}</p> : null}
      </div>
    </article>
  );
}
