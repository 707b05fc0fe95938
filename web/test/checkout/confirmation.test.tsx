// The confirmation page: it says it is waiting while the itinerary still awaits the event that confirms it
// (read again every second), then shows the booking; a booking the hotel could not take is explained.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITING_TEXT } from '~/checkout/confirmation-step';
import { formatMoney, formatStayDate, nightsBetween } from '~/checkout/format';
import Confirmation, { loader } from '~/routes/itinerary-confirmation';
import {
  anInvoice,
  anItinerary,
  answers,
  callsOf,
  payment,
  renderRoutes,
  resetApi,
  usd,
  type StubRoute,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const route: StubRoute = {
  path: '/itinerary/:itineraryId?/confirmation',
  Component: Confirmation as never,
  loader: loader as never,
};
const guests = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+351 912 345 678' };

describe('money and dates', () => {
  it('formats minor units in their currency', () => {
    expect(formatMoney(usd(123456))).toBe('$1,234.56');
    expect(formatMoney({ amount: 3460, currency: 'JPY' })).toBe('¥3,460');
    expect(formatMoney({ amount: 14900, currency: 'EUR' })).toBe('€149.00');
  });

  it('reads stay dates as calendar dates', () => {
    expect(formatStayDate('2027-03-10')).toBe('Wed, Mar 10, 2027');
    expect(nightsBetween('2027-03-10', '2027-03-13')).toBe(3);
  });
});

describe('the confirmation page', () => {
  beforeEach(resetApi);

  it('says it is waiting for the hotel, then shows the confirmed booking', async () => {
    const paid = anInvoice({ status: 'paid', payment });
    let reads = 0;
    answers['itinerary.readItinerary'] = () => {
      reads += 1;
      const status = reads < 2 ? 'pending_payment' : 'confirmed';
      return anItinerary({ status, invoiceId: 'inv-1', leadGuest: guests });
    };
    answers['billing.invoice'] = () => paid;
    renderRoutes([route], '/itinerary/it-1/confirmation');

    const waiting = await screen.findByText(WAITING_TEXT);
    expect(WAITING_TEXT).toBe('Confirming your booking with the hotel…');
    expect(waiting.closest('[aria-live="polite"]')).toBeTruthy();

    expect(await screen.findByText('Your booking is confirmed', {}, { timeout: 3000 })).toBeTruthy();
    expect(callsOf('itinerary.readItinerary').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(WAITING_TEXT)).toBeNull();
    // The booking's short reference, not its id; and the window's title says it is confirmed now.
    expect(screen.getByText('TC-7K3M9QXA')).toBeTruthy();
    expect(screen.queryByText('it-1')).toBeNull();
    expect(document.title).toBe('Booking confirmed · TravelClub');
    expect(screen.getByText(/A confirmation email is on its way to ada@example.com/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hotel Aurora' })).toBeTruthy();
    expect(screen.getByText(/Wed, Mar 10, 2027 – Sat, Mar 13, 2027/)).toBeTruthy();
    expect(screen.getByText('$450.00')).toBeTruthy();
    expect(screen.getByText(/visa ending 4242/)).toBeTruthy();
    expect(screen.getByText('Free cancellation until 3 days before arrival.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your trips' }).getAttribute('href')).toBe('/user/trips');
  });

  it('states each cancellation deadline once, in one format with its time zone', async () => {
    answers['itinerary.readItinerary'] = () =>
      anItinerary({ status: 'confirmed', invoiceId: 'inv-1', leadGuest: guests });
    answers['billing.invoice'] = () => anInvoice({ status: 'paid', payment });
    renderRoutes([route], '/itinerary/it-1/confirmation');
    const terms = (await screen.findByRole('heading', { name: 'Cancellation terms' })).closest('section')!;
    const text = terms.textContent!;
    expect(text).toMatch(
      /Cancelling is free until \w{3} \d{1,2}, 2027, \d{1,2}:\d{2} [AP]M \S+, then costs \$150\.00\./,
    );
    // The deadline (March 7th, or the 6th west of UTC) is written once, and never in a second format.
    expect(text.match(/Mar \d{1,2}, 2027/g)).toHaveLength(1);
    expect(text).not.toMatch(/\d{1,2} Mar 2027|UTC\)/);
    expect(screen.getByText('Free cancellation', { selector: '.tag' })).toBeTruthy();
  });

  it('explains a booking the hotel could not confirm, and its refund', async () => {
    answers['itinerary.readItinerary'] = () =>
      anItinerary({
        status: 'cancelled',
        invoiceId: 'inv-1',
        cancellation: {
          at: '2026-11-20T10:07:00.000Z',
          by: { userId: 'system', role: 'role/support' },
          reason: 'booking-failed',
        },
      });
    answers['billing.invoice'] = () =>
      anInvoice({
        status: 'refunded',
        payment,
        refund: { id: 're-1', amount: usd(45000), issuedAt: '2026-11-20T10:08:00.000Z' },
      });
    renderRoutes([route], '/itinerary/it-1/confirmation');
    expect(await screen.findByText(/We refunded \$450\.00 to your card/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The hotel could not confirm your booking');
  });

  it('does not wait for an itinerary nobody has paid', async () => {
    answers['itinerary.readItinerary'] = () => anItinerary({ status: 'pending_payment', invoiceId: 'inv-1' });
    answers['billing.invoice'] = () => anInvoice();
    renderRoutes([route], '/itinerary/it-1/confirmation');
    expect(await screen.findByText('We have not received a payment for this itinerary yet.')).toBeTruthy();
    expect(screen.queryByText(WAITING_TEXT)).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      '/itinerary/it-1/payment',
    );
  });
});
