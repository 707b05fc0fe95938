// The card a pressed pin opens over the map: the hotel's picture, name (the link to its page), address,
// rating and price for the stay. It takes the focus when it opens; Escape or its button closes it.
import type { HotelResult } from '@travelclub/contracts';
import { useEffect, useRef } from 'react';
import { formatMoney, plural } from '~/search/format';
import { HotelHeading, hotelHref, HotelImage } from '~/search/hotel-card';

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
        <HotelHeading
          hotel={hotel}
          part="map-hotel-card"
          level="h2"
          id={`map-card-${hotel.id}`}
          to={hotelHref(hotel.slug, props.searchId)}
          linkRef={link}
        />
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
