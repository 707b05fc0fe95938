// The order summary beside every checkout step: each hotel with its dates and rooms (and the guests' names
// once given), how long the rooms are held, and the total. Prices changed since the quote are marked.
import type { Itinerary, PreCheckAnswer } from '@travelclub/contracts';
import { formatMoney, formatNights, formatStayDate, formatTime, nightsBetween } from './format';

type LineItem = Itinerary['lineItems'][number];
type Room = LineItem['hotelBooking']['rooms'][number];

/** The line items that still have rooms (a removed room leaves its line item empty, spec section 4). */
export const bookedLines = (itinerary: Itinerary) =>
  itinerary.lineItems.filter((item) => item.hotelBooking.rooms.length > 0);

/** When the first of the held rooms is let go, while the cart is not paid. */
export function holdsEndAt(itinerary: Itinerary): string | null {
  if (itinerary.status !== 'draft' && itinerary.status !== 'pending_payment') return null;
  const ends = bookedLines(itinerary)
    .flatMap((item) => item.hotelBooking.rooms)
    .filter((room) => room.holdStatus === 'held')
    .map((room) => room.holdExpiresAt)
    .sort();
  return ends[0] ?? null;
}

function RoomLine({ room, change }: { room: Room; change?: PreCheckAnswer['lines'][number] }) {
  const newPrice = change?.status === 'price-changed' && change.current ? change.current : null;
  return (
    <li className="summary-room">
      <div className="summary-row">
        <span>
          {room.rooms} × {room.roomType.name}
        </span>
        <span>
          {newPrice ? (
            <del aria-label={`was ${formatMoney(room.totalPrice)}`}>{formatMoney(room.totalPrice)}</del>
          ) : null}{' '}
          {formatMoney(newPrice ?? room.totalPrice)}
        </span>
      </div>
      <div className="muted small">{room.rateName}</div>
      {room.guestNames?.length ? <div className="small">Guests: {room.guestNames.join(', ')}</div> : null}
    </li>
  );
}

function LineSummary({ item, preCheck }: { item: LineItem; preCheck?: PreCheckAnswer | null }) {
  const nights = nightsBetween(item.checkInDate, item.checkOutDate);
  return (
    <div className="summary-line">
      <h3>{item.hotelBooking.hotelName}</h3>
      <p className="small">
        {formatStayDate(item.checkInDate)} – {formatStayDate(item.checkOutDate)}
        <br />
        <span className="muted">{formatNights(nights)}</span>
      </p>
      <ul className="plain">
        {item.hotelBooking.rooms.map((room) => (
          <RoomLine
            key={room.holdId}
            room={room}
            change={preCheck?.lines.find((l) => l.holdId === room.holdId && l.lineItemId === item.identity)}
          />
        ))}
      </ul>
    </div>
  );
}

export function OrderSummary({ itinerary, preCheck }: { itinerary: Itinerary; preCheck?: PreCheckAnswer | null }) {
  const heldUntil = holdsEndAt(itinerary);
  return (
    <aside className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Your stay</h2>
      {bookedLines(itinerary).map((item) => (
        <LineSummary key={item.identity} item={item} preCheck={preCheck} />
      ))}
      <div className="summary-row summary-total">
        <span>Total</span>
        <span>{formatMoney(itinerary.total)}</span>
      </div>
      <p className="muted small">Prices include taxes and fees.</p>
      {heldUntil ? <p className="small">Your rooms are held for you until {formatTime(heldUntil)}.</p> : null}
    </aside>
  );
}
