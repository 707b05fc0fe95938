// The rooms of a stored search: room types cheapest first, each with its rates by total price (spec section 4),
// their benefits, cancellation terms and 'Free Cancellation' tag, and the add to itinerary button. A rate being
// added is marked in progress; one already in the itinerary can be taken out again.
import { Callout } from '~/ui/callout';
import type { PageRate, PageRates, PageRoomType } from './load.server';
import type { CartState } from './use-cart';
import { formatMoney, stayParty } from './format';
import { rateTags } from './rates';

export interface RoomsProps {
  availability: PageRates;
  /** Which rates of this stay are in the itinerary (empty when its currency differs). */
  inCart: Map<string, { lineItemId: string; holdId: string }>;
  cart: Pick<CartState, 'pending' | 'failure' | 'add' | 'remove'>;
  onAdd: (roomType: PageRoomType, rate: PageRate) => void;
}

interface RateProps extends Omit<RoomsProps, 'availability'> {
  roomType: PageRoomType;
  rate: PageRate;
  party: string;
}

/** A rate's button: while any change to the itinerary runs it does nothing; its own shows the spinner. */
function RateButton(props: {
  variant: 'primary' | 'secondary';
  rateId: string;
  /** Any change to the itinerary is under way. */
  busy: boolean;
  /** This button's change is. */
  working: boolean;
  onPress: () => void;
  children: string;
}) {
  const { busy, working } = props;
  return (
    <button
      type="button"
      className="button"
      data-variant={props.variant}
      aria-describedby={`rate-${props.rateId}`}
      aria-busy={working || undefined}
      aria-disabled={busy || undefined}
      onClick={() => !busy && props.onPress()}
    >
      {working ? <span className="spinner" aria-hidden="true" /> : null}
      {props.children}
    </button>
  );
}

function RateAction({ rate, roomType, inCart, cart, onAdd }: Omit<RateProps, 'party'>) {
  const busy = cart.pending !== null;
  const adding = cart.pending?.rateId === rate.id;
  const held = inCart.get(rate.id);
  if (held) {
    const removing = cart.pending?.lineItemId === held.lineItemId && !cart.pending.rateId;
    return (
      <div className="rate-action">
        <p className="in-cart">
          <a href="#cart-title">✓ In your itinerary</a>
        </p>
        <RateButton
          variant="secondary"
          rateId={rate.id}
          busy={busy}
          working={removing}
          onPress={() => cart.remove(held.lineItemId)}
        >
          {removing ? 'Removing…' : 'Remove'}
        </RateButton>
      </div>
    );
  }
  return (
    <div className="rate-action">
      <RateButton variant="primary" rateId={rate.id} busy={busy} working={adding} onPress={() => onAdd(roomType, rate)}>
        {adding ? 'Adding…' : 'Add to itinerary'}
      </RateButton>
    </div>
  );
}

function Rate(props: RateProps) {
  const { rate, party, cart } = props;
  const tags = rateTags(rate);
  const failed = cart.failure?.rateId === rate.id ? cart.failure.message : null;
  return (
    <li className="rate" aria-busy={cart.pending?.rateId === rate.id || undefined}>
      <div className="rate-info">
        <h4 id={`rate-${rate.id}`}>
          {rate.rateName}
          <span className="visually-hidden">, {rate.roomTypeName}</span>
        </h4>
        {tags.length ? (
          <p className="tags">
            {tags.map((tag) => (
              <span key={tag} className="tag">
                {tag}
              </span>
            ))}
          </p>
        ) : null}
        {rate.benefits.length ? (
          <ul className="benefits">
            {rate.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        ) : null}
        {rate.cancellationPolicyText ? <p className="policy-text">{rate.cancellationPolicyText}</p> : null}
      </div>
      <div className="rate-price">
        <p>
          <span className="price">{formatMoney(rate.totalPrice)}</span>
          <span className="muted">Total for {party}</span>
        </p>
        <RateAction {...props} />
      </div>
      {failed ? (
        <div className="rate-error">
          <Callout tone="error">{failed}</Callout>
        </div>
      ) : null}
    </li>
  );
}

function RoomTypeCard({ roomType, ...rest }: Omit<RateProps, 'rate'>) {
  const picture = roomType.images[0];
  return (
    <li className="room-type card">
      <div className="room-type-head">
        {picture ? (
          <img
            src={picture.links['200px']}
            width={400}
            height={267}
            alt={`${roomType.name}`}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <div>
          <h3>{roomType.name}</h3>
          <p className="muted">
            Sleeps up to {roomType.maxGuests}
            {roomType.roomsLeft > 0 && roomType.roomsLeft <= 3 ? ` · Only ${roomType.roomsLeft} left` : ''}
          </p>
          {roomType.roomDetails ? <p>{roomType.roomDetails}</p> : null}
        </div>
      </div>
      {roomType.rooms.length ? (
        <ul className="rates">
          {roomType.rooms.map((rate) => (
            <Rate key={rate.id} {...rest} roomType={roomType} rate={rate} />
          ))}
        </ul>
      ) : (
        <p className="muted">Not available for these dates.</p>
      )}
    </li>
  );
}

export function Rooms({ availability, ...rest }: RoomsProps) {
  const party = stayParty(availability);
  return (
    <ul className="room-types">
      {availability.roomTypes.map((roomType) => (
        <RoomTypeCard key={roomType.type} roomType={roomType} party={party} {...rest} />
      ))}
    </ul>
  );
}
