// A confirmed booking as the confirmation page shows it: the reference, each stay with its rooms and guests,
// what was paid and how, the cancellation terms, and where to go next.
import type { Invoice, Itinerary } from '@travelclub/contracts';
import { Link } from 'react-router';
import { LinkButton } from '~/ui/button';
import { formatInstant, formatMoney, formatNights, formatStayDate, nightsBetween } from './format';
import { bookedLines } from './order-summary';
import { TermsSummary } from './terms-summary';

function Stays({ itinerary }: { itinerary: Itinerary }) {
  return (
    <>
      {bookedLines(itinerary).map((item) => (
        <section key={item.identity} className="stack-sm" aria-label={item.hotelBooking.hotelName}>
          <h3>{item.hotelBooking.hotelName}</h3>
          <p>
            {formatStayDate(item.checkInDate)} – {formatStayDate(item.checkOutDate)} (
            {formatNights(nightsBetween(item.checkInDate, item.checkOutDate))})
          </p>
          <ul className="plain">
            {item.hotelBooking.rooms.map((room) => (
              <li key={room.holdId}>
                {room.rooms} × {room.roomType.name}, {room.rateName}
                {room.guestNames?.length ? (
                  <div className="muted small">Guests: {room.guestNames.join(', ')}</div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export function BookingDetails({ itinerary, invoice }: { itinerary: Itinerary; invoice: Invoice | undefined }) {
  const payment = invoice?.payment;
  return (
    <div className="stack">
      <div className="callout" data-tone="success" role="status">
        <strong>Your booking is confirmed</strong>
        <span>
          The hotel has your booking.
          {itinerary.leadGuest ? ` A confirmation email is on its way to ${itinerary.leadGuest.email}.` : ''}
        </span>
      </div>
      <section className="card stack" aria-labelledby="booking-title">
        <h2 id="booking-title">Booking details</h2>
        <dl className="facts">
          <dt>Booking reference</dt>
          <dd>
            <strong className="booking-reference">{itinerary.reference}</strong>
            <div className="muted small">Quote it when you write or call us.</div>
          </dd>
          {itinerary.leadGuest ? (
            <>
              <dt>Lead guest</dt>
              <dd>{itinerary.leadGuest.name}</dd>
            </>
          ) : null}
          <dt>Amount paid</dt>
          <dd>
            {formatMoney(payment?.amount ?? itinerary.total)}
            {payment ? (
              <span className="muted small">
                {' '}
                ({payment.card.brand} ending {payment.card.last4}, {formatInstant(payment.paidAt)})
              </span>
            ) : null}
          </dd>
        </dl>
        <Stays itinerary={itinerary} />
      </section>
      {invoice ? (
        <section className="card stack" aria-labelledby="terms-title">
          <h2 id="terms-title">Cancellation terms</h2>
          <TermsSummary terms={invoice.terms} />
          <Link to={`/user/itinerary/${itinerary.id}/cancel`}>Cancel this booking</Link>
        </section>
      ) : null}
      <div className="actions">
        <LinkButton to="/user/trips">View your trips</LinkButton>
        <LinkButton to="/" variant="secondary">
          Back to home
        </LinkButton>
      </div>
    </div>
  );
}
