// One hotel as the lists show it (search results, the map's list, recommendations): title image, name,
// address on one line, stars and review score, and for a search the cheapest total for the stay.
import type { HotelResult, HotelSummary } from '@travelclub/contracts';
import { fillPath, linkPaths } from '@travelclub/contracts/paths';
import { useHydrated } from '~/lib/use-hydrated';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { formatMoney, plural } from './format';

/** The photos are 3:2; the width and height attributes keep their place before they load. */
const IMAGE = { width: 600, height: 400 } as const;

/** The hotel page, with the stored search's rates and the club (`creator`) the visitor came from, if any. */
export function hotelHref(slug: string, searchId?: string, creator?: string) {
  const query = [
    searchId ? `searchId=${encodeURIComponent(searchId)}` : null,
    creator ? `creator=${encodeURIComponent(creator)}` : null,
  ].filter(Boolean);
  return query.length ? `/hotel/${slug}?${query.join('&')}` : `/hotel/${slug}`;
}

function scoreWord(score: number): string {
  if (score >= 9) return 'Exceptional';
  if (score >= 8) return 'Excellent';
  if (score >= 7) return 'Very good';
  if (score >= 6) return 'Good';
  return 'Review score';
}

export function Stars({ rating }: { rating?: number }) {
  if (!rating) return null;
  const whole = Math.round(rating);
  return (
    <span className="stars">
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      <span className="visually-hidden">{`${rating}-star hotel`}</span>
    </span>
  );
}

export function ReviewScore({ hotel }: { hotel: HotelSummary }) {
  const score = hotel.ratingSummary?.score ?? hotel.reviewRating;
  if (score === undefined) return null;
  return (
    <span className="review-score">
      <span className="score-badge">{score.toFixed(1)}</span>
      <span>
        {scoreWord(score)}
        {hotel.ratingSummary ? (
          <span className="muted"> · {plural(hotel.ratingSummary.reviewCount, 'review')}</span>
        ) : null}
      </span>
    </span>
  );
}

/**
 * A hotel's picture. An eager one (the first cards, in view) is in the server's HTML with high priority. The
 * others are asked for once the page runs: lazy loading alone still fetched every card near the screen with
 * the page, and on a phone's network those took the bandwidth the first picture needed (bench:web's mobile
 * runs). Until then the picture's place is kept, in the card's background colour.
 */
export function HotelImage({ hotel, eager }: { hotel: HotelSummary; eager?: boolean }) {
  const hydrated = useHydrated();
  const links = hotel.titleImage?.links;
  // Without an asset, the catalog's title image route answers with a redirect to the hotel's picture.
  const src = links?.['600px'] ?? fillPath(linkPaths.titleImage, { id: hotel.id });
  const show = eager || hydrated;
  return (
    <img
      className="hotel-image"
      src={show ? src : undefined}
      srcSet={show && links ? `${links['200px']} 400w, ${links['600px']} 600w` : undefined}
      sizes="(min-width: 60rem) 18rem, (min-width: 40rem) 45vw, 100vw"
      width={IMAGE.width}
      height={IMAGE.height}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

function Price({ hotel, nights }: { hotel: HotelResult; nights?: number }) {
  const rate = hotel.cheapestRate;
  if (!rate) return <p className="price sold-out">No rooms left for your dates</p>;
  return (
    <div className="price">
      {rate.freeCancellation ? <span className="tag">Free Cancellation</span> : null}
      <p className="price-total">
        <span className="price-amount">{formatMoney(rate.totalPrice)}</span>
        <span className="price-note">{nights ? `total for ${plural(nights, 'night')}` : 'total for your stay'}</span>
      </p>
      <p className="price-room muted">{rate.roomTypeName}</p>
    </div>
  );
}

/**
 * A hotel card's name, the link to the hotel's page, then its address line and rating. `part` is the card's
 * class prefix: `{part}-name`, `{part}-link` and `{part}-address`.
 */
export function HotelHeading(props: {
  hotel: HotelSummary;
  part: string;
  level: 'h2' | 'h3';
  to: string;
  id?: string;
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  const { hotel, part, level: Heading } = props;
  return (
    <>
      <Heading className={`${part}-name`} id={props.id}>
        <Link ref={props.linkRef} to={props.to} className={`${part}-link`}>
          {hotel.name}
        </Link>
      </Heading>
      <p className={`${part}-address muted`}>{hotel.addressLine}</p>
      <p className="hotel-rating">
        <Stars rating={hotel.starRating} />
        <ReviewScore hotel={hotel} />
      </p>
    </>
  );
}

export function HotelCard(props: {
  hotel: HotelSummary | HotelResult;
  /** The stored search the card's link carries to the hotel page (its rates for those dates). */
  searchId?: string;
  /** The club the visitor came from: the hotel page keeps it, so a booking is attributed to its creator. */
  creator?: string;
  nights?: number;
  /** The first cards of a page: loaded at once, they are what the visitor sees first. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { hotel } = props;
  return (
    <article className="hotel-card">
      <HotelImage hotel={hotel} eager={props.eager} />
      <div className="hotel-card-body">
        <HotelHeading
          hotel={hotel}
          part="hotel"
          level={props.headingLevel === 2 ? 'h2' : 'h3'}
          to={hotelHref(hotel.slug, props.searchId, props.creator)}
        />
        {'cheapestRate' in hotel ? <Price hotel={hotel} nights={props.nights} /> : null}
      </div>
    </article>
  );
}
