// The top of the hotel page: name, stars, review score and the address on one line; opened from a club, the
// creator's note (their recommendation of the hotel, or the club the visitor came from).
import type { PageHotel } from './load.server';
import { CreatorNote } from '~/club/creator-note';
import type { HotelClub } from '~/club/hotel-club';
import { addressLine } from './format';

/** Words for a review score out of 10. */
export function scoreWord(score: number): string {
  if (score >= 9) return 'Exceptional';
  if (score >= 8) return 'Excellent';
  if (score >= 7) return 'Very good';
  if (score >= 6) return 'Good';
  return 'Rated';
}

function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  if (whole < 1) return null;
  return (
    <span className="stars" role="img" aria-label={`${whole}-star hotel`}>
      {'★'.repeat(whole)}
    </span>
  );
}

function Score({ hotel }: { hotel: PageHotel }) {
  const score = hotel.ratingSummary?.score ?? hotel.reviewRating;
  if (score === undefined) return null;
  const reviews = hotel.ratingSummary?.reviewCount;
  return (
    <p className="score">
      <span className="score-badge">{score.toFixed(1)}</span>
      <span>
        {scoreWord(score)}
        {reviews ? <span className="muted"> · {reviews.toLocaleString('en')} reviews</span> : null}
      </span>
    </p>
  );
}

export function HotelIntro({ hotel, club }: { hotel: PageHotel; club?: HotelClub | null }) {
  return (
    <header className="hotel-intro">
      <h1>{hotel.name}</h1>
      <div className="hotel-badges">
        {hotel.starRating ? <Stars rating={hotel.starRating} /> : null}
        <Score hotel={hotel} />
      </div>
      <p className="hotel-address">{addressLine(hotel.address)}</p>
      {hotel.hotelLocation ? <p className="muted">{hotel.hotelLocation}</p> : null}
      {club ? <CreatorNote club={club} /> : null}
    </header>
  );
}
