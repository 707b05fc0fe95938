// The card a pressed pin opens over the map: the hotel's picture, name (the link to its page), address,
// rating and price for the stay. It takes the focus when it opens; Escape or its button closes it.
import type { HotelResult } from '@travelclub/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatMoney, plural } from '~/search/format';
import { hotelHref, HotelImage, ReviewScore, Stars } from '~/search/hotel-card';

export function MapHotelCard(props: {
  hotel: HotelResult;
  searchId: string | undefined;
  nights: number;
  onClose(): void;
}) {
  const { hotel } = props;
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus(), [hotel.id]);
  const rate = hotel.cheapestRate;
  return (
    <article
      className="map-hotel-card"
      aria-labelledby={`map-card-${hotel.id}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose();
      }}
    >
      <HotelImage hotel={hotel} />
      <div className="map-hotel-card-body">
        <h2 className="map-hotel-card-name" id={`map-card-${hotel.id}`}>
          <Link ref={link} to={hotelHref(hotel.slug, props.searchId)}>
            {hotel.name}
          </Link>
        </h2>
        <p className="muted map-hotel-card-address">{hotel.addressLine}</p>
        <p className="hotel-rating">
          <Stars rating={hotel.starRating} />
          <ReviewScore hotel={hotel} />
        </p>
        {rate ? (
          <p className="map-hotel-card-price">
            <strong>{formatMoney(rate.totalPrice)}</strong>{' '}
            <span className="muted">total for {plural(props.nights, 'night')}</span>
          </p>
        ) : (
          <p className="muted">No rooms left for your dates</p>
        )}
      </div>
      <button type="button" className="map-hotel-card-close" onClick={props.onClose} aria-label="Close">
        <span aria-hidden="true">×</span>
      </button>
    </article>
  );
}
