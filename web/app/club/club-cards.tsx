// The club's cards: a recommended stay (the creator's title, picture and words, the catalog's hotel and its
// price a night), a trip (package) and an itinerary (guide). Each card is one link, its title; the whole card
// is its target (part 1's card pattern), so a screen reader meets one link per card.
import type { ImageAsset } from '@travelclub/contracts';
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

interface CardFrame extends Omit<CardProps, 'clubSlug'> {
  kind: 'stay' | 'package' | 'guide';
  picture?: ImageAsset;
  /** The card's one link, around its title (the children). */
  to: string;
  children: string;
  meta?: string | null;
  text?: string | null;
  price?: string | null;
}

/** Every card's frame: the picture, then the title as the card's link, the line under it, the words, a price. */
function ClubCard({ kind, picture, eager, heading: Heading = 'h3', to, children, meta, text, price }: CardFrame) {
  return (
    <article className={`club-card ${kind}-card`}>
      <ClubImage asset={picture} eager={eager} />
      <div className="club-card-body">
        <Heading className="club-card-title">
          <Link className="club-card-link" to={to}>
            {children}
          </Link>
        </Heading>
        {meta ? <p className="club-card-meta">{meta}</p> : null}
        {text ? <p className="club-card-text">{text}</p> : null}
        {price ? <p className="club-card-price">{price}</p> : null}
      </div>
    </article>
  );
}

export function StayCard({ stay, clubSlug, ...card }: CardProps & { stay: ClubStay }) {
  const { hotel } = stay;
  return (
    <ClubCard
      {...card}
      kind="stay"
      picture={stayPicture(stay)}
      to={clubHotelPath(hotel.slug, clubSlug)}
      meta={clubTexts.staySubtitle(hotel.name, hotel.address.city)}
      text={stay.recommendationText}
      price={hotel.fromPrice ? clubTexts.fromPrice(formatMoney(hotel.fromPrice)) : null}
    >
      {stay.recommendationTitle}
    </ClubCard>
  );
}

function packagePrice(pricing: ClubPackage['pricing']): string {
  return pricing.kind === 'perPerson' ? clubTexts.perPerson(formatMoney(pricing.price)) : clubTexts.priceOnRequest;
}

function packageMeta({ nights, offeredDates }: ClubPackage): string {
  const dates = offeredDates.kind === 'any' ? clubTexts.anyDate : clubTexts.departures(offeredDates.dates.length);
  return `${clubTexts.nights(nights)} · ${dates}`;
}

export function PackageCard({ trip, clubSlug, ...card }: CardProps & { trip: ClubPackage }) {
  const meta = packageMeta(trip);
  return (
    <ClubCard
      {...card}
      kind="package"
      picture={trip.cover}
      to={packagePath(clubSlug, trip.id)}
      meta={meta}
      text={trip.summary}
      price={packagePrice(trip.pricing)}
    >
      {trip.title}
    </ClubCard>
  );
}

export function GuideCard({ guide, clubSlug, ...card }: CardProps & { guide: ClubGuide }) {
  const published = guide.publishedAt && clubTexts.published(publishedFormat.format(new Date(guide.publishedAt)));
  return (
    <ClubCard
      {...card}
      kind="guide"
      picture={guide.cover}
      to={guidePath(clubSlug, guide.id)}
      meta={published}
      text={guide.summary}
    >
      {guide.title}
    </ClubCard>
  );
}
