// The itinerary in brief beside the rooms: this hotel's stays in it with their rooms, the total, and the way on
// to the guest details. A line item being changed is marked in progress.
import { Link } from 'react-router';
import type { Itinerary } from '@travelclub/contracts';
import { Callout } from '~/ui/callout';
import { hotelLineItems, roomCount } from './cart';
import { formatMoney, plural, stayLabel } from './format';
import type { CartState } from './use-cart';

interface SummaryProps {
  itinerary: Itinerary;
  hotelId: string;
  /** The rates' currency on this page, when there are rates. */
  currency: string | null;
  cart: Pick<CartState, 'pending' | 'failure' | 'remove'>;
}

function LineItemRooms({ item, cart }: { item: Itinerary['lineItems'][number]; cart: SummaryProps['cart'] }) {
  const busy = cart.pending !== null;
  const changing = cart.pending?.lineItemId === item.identity;
  const failed = cart.failure?.lineItemId === item.identity ? cart.failure.message : null;
  const label = stayLabel(item.checkInDate, item.checkOutDate);
  return (
    <li className="summary-item" aria-busy={changing || undefined}>
      <p className="summary-stay">{label}</p>
      <ul className="summary-rooms">
        {item.hotelBooking.rooms.map((room) => (
          <li key={room.holdId}>
            <span>
              {room.roomType.name} · {room.rateName}
              {room.rooms > 1 ? ` · ${room.rooms} rooms` : ''}
            </span>
            <span>{formatMoney(room.totalPrice)}</span>
          </li>
        ))}
      </ul>
      {changing ? <p className="muted">Updating…</p> : null}
      <button
        type="button"
        className="button"
        data-variant="quiet"
        aria-disabled={busy || undefined}
        onClick={() => !busy && cart.remove(item.identity)}
      >
        Remove<span className="visually-hidden"> the rooms for {label}</span>
      </button>
      {failed ? <Callout tone="error">{failed}</Callout> : null}
    </li>
  );
}

/** On to the guest details; an itinerary with an invoice open goes back to its payment. */
function NextStep({ itinerary }: { itinerary: Itinerary }) {
  const paying = itinerary.status === 'pending_payment';
  return (
    <Link
      className="button"
      data-variant="primary"
      data-full-width
      to={`/itinerary/${itinerary.id}/${paying ? 'payment' : 'contact'}`}
    >
      {paying ? 'Continue to payment' : 'Continue to guest details'}
    </Link>
  );
}

export function ItinerarySummary({ itinerary, hotelId, currency, cart }: SummaryProps) {
  const items = hotelLineItems(itinerary, hotelId);
  const here = items.reduce((sum, item) => sum + item.hotelBooking.rooms.length, 0);
  const elsewhere = roomCount(itinerary) - here;
  const removalFailed = cart.failure?.lineItemId && !items.some((i) => i.identity === cart.failure?.lineItemId);
  return (
    <aside className="cart-summary card" aria-labelledby="cart-title">
      <h2 id="cart-title">Your itinerary</h2>
      {items.length ? (
        <ul className="summary-items">
          {items.map((item) => (
            <LineItemRooms key={item.identity} item={item} cart={cart} />
          ))}
        </ul>
      ) : (
        <p className="muted">No rooms at this hotel yet.</p>
      )}
      {removalFailed && cart.failure ? <Callout tone="error">{cart.failure.message}</Callout> : null}
      {elsewhere > 0 ? <p className="muted">And {plural(elsewhere, 'room', 'rooms')} at other hotels.</p> : null}
      {currency && currency !== itinerary.currency ? (
        <p className="muted">
          Your itinerary is in {itinerary.currency}: rooms are added at their {itinerary.currency} price.
        </p>
      ) : null}
      <p className="summary-total">
        <span>Total</span>
        <strong>{formatMoney(itinerary.total)}</strong>
      </p>
      {roomCount(itinerary) > 0 ? <NextStep itinerary={itinerary} /> : null}
    </aside>
  );
}
