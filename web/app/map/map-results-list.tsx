// The map page's list: every hotel the map shows, compact, each a link to its page. Hovering or focusing one
// lights up its pin; the hotel whose pin is hovered or pressed lights up here and comes into view.
import type { HotelResult } from '@travelclub/contracts';
import { useEffect, useRef } from 'react';
import { formatMoney, plural } from '~/search/format';
import { HotelHeading, hotelHref, HotelImage } from '~/search/hotel-card';

export interface MapResultsListProps {
  hotels: HotelResult[];
  searchId: string | undefined;
  nights: number;
  activeId: string | null;
  selectedId: string | null;
  onActivate(id: string | null): void;
  labelledBy: string;
}

function Price({ hotel, nights }: { hotel: HotelResult; nights: number }) {
  const rate = hotel.cheapestRate;
  if (!rate) return <p className="map-item-price muted">No rooms left for your dates</p>;
  return (
    <p className="map-item-price">
      <strong>{formatMoney(rate.totalPrice)}</strong> <span className="muted">for {plural(nights, 'night')}</span>
      {rate.freeCancellation ? <span className="tag">Free Cancellation</span> : null}
    </p>
  );
}

export function MapResultsList(props: MapResultsListProps) {
  const { hotels, activeId, selectedId, onActivate } = props;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!selectedId) return;
    const items = list.current?.children ?? [];
    const item = [...items].find((element) => (element as HTMLElement).dataset.hotelId === selectedId);
    // Only within the list's own scrolling box: the page itself stays where it is.
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  return (
    <ol ref={list} className="map-results-list" aria-labelledby={props.labelledBy}>
      {hotels.map((hotel, i) => (
        <li
          key={hotel.id}
          data-hotel-id={hotel.id}
          className="map-item"
          data-active={hotel.id === activeId || undefined}
          data-selected={hotel.id === selectedId || undefined}
          onMouseEnter={() => onActivate(hotel.id)}
          onMouseLeave={() => onActivate(null)}
          onFocus={() => onActivate(hotel.id)}
          onBlur={() => onActivate(null)}
        >
          <HotelImage hotel={hotel} eager={i < 2} />
          <div className="map-item-body">
            <HotelHeading hotel={hotel} part="map-item" level="h3" to={hotelHref(hotel.slug, props.searchId)} />
            <Price hotel={hotel} nights={props.nights} />
          </div>
        </li>
      ))}
    </ol>
  );
}
