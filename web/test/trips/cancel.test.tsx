// /user/itinerary/{id}/cancel: the frozen terms, the charge and the refund stated before confirming; the
// cancellation is sent only once the traveller confirms in the dialog; then the result and its refund.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Cancel, { loader } from '~/routes/user-cancel';
import {
  anInvoice,
  anItinerary,
  answers,
  callsOf,
  payment,
  renderRoutes,
  resetApi,
  terms,
  usd,
} from '../checkout/harness';

vi.mock('~/lib/browser-api', async () => (await import('../checkout/harness')).browserApi);

const route = { path: '/user/itinerary/:itineraryId/cancel', Component: Cancel as never, loader: loader as never };
const booked = anItinerary({ status: 'confirmed', invoiceId: 'inv-1', confirmedAt: '2026-11-20T10:06:00.000Z' });

describe('the cancel page', () => {
  beforeEach(() => {
    resetApi();
    answers['itinerary.readItinerary'] = () => booked;
    answers['itinerary.cancellationTerms'] = () => ({
      itineraryId: 'it-1',
      terms,
      chargeNow: usd(15000),
      refundNow: usd(30000),
    });
    answers['billing.invoice'] = () => anInvoice({ status: 'paid', payment });
  });

  it('states the charge and the refund, and cancels only after the traveller confirms', async () => {
    const user = userEvent.setup();
    answers['itinerary.cancelItinerary'] = () => ({
      ...booked,
      status: 'cancelled',
      cancellation: {
        at: '2026-11-21T09:00:00.000Z',
        by: { userId: 'user-1', role: 'role/customer' },
        reason: 'requested',
      },
    });
    renderRoutes([route], '/user/itinerary/it-1/cancel');

    expect(
      await screen.findByText("Cancelling now costs $150.00 under the hotel's terms. You get $300.00 back."),
    ).toBeTruthy();
    const money = screen.getByLabelText('Cancellation charge and refund');
    expect(money.textContent).toBe('Cancellation charge$150.00Refund to your card$300.00');
    expect(screen.getByText('Free cancellation until 3 days before arrival.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(/You get \$300\.00 back/)).toBeTruthy();
    expect(callsOf('itinerary.cancelItinerary')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Your booking is cancelled')).toBeTruthy();
    expect(callsOf('itinerary.cancelItinerary')).toEqual([{ params: { id: 'it-1' }, body: null }]);
    expect(screen.getByText(/Your refund of \$300\.00 is on its way/)).toBeTruthy();
  });

  it('keeps the booking when the traveller steps back in the dialog', async () => {
    const user = userEvent.setup();
    renderRoutes([route], '/user/itinerary/it-1/cancel');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('itinerary.cancelItinerary')).toHaveLength(0);
  });

  it("shows the API's refusal", async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('@travelclub/contracts');
    answers['itinerary.cancelItinerary'] = () => {
      throw new ApiError(
        409,
        'payment-in-progress',
        'A payment for this itinerary is in progress. Please wait a moment.',
      );
    };
    renderRoutes([route], '/user/itinerary/it-1/cancel');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('A payment for this itinerary is in progress. Please wait a moment.')).toBeTruthy();
  });

  it('says that an unpaid cart costs nothing to cancel', async () => {
    answers['itinerary.readItinerary'] = () => anItinerary();
    answers['itinerary.cancellationTerms'] = () => ({
      itineraryId: 'it-1',
      terms,
      chargeNow: usd(0),
      refundNow: usd(0),
    });
    renderRoutes([route], '/user/itinerary/it-1/cancel');
    expect(await screen.findByText(/Nothing has been paid for this itinerary/)).toBeTruthy();
  });

  it('shows the refund billing issued for a booking already cancelled', async () => {
    answers['itinerary.readItinerary'] = () => ({
      ...booked,
      status: 'cancelled',
      cancellation: {
        at: '2026-11-21T09:00:00.000Z',
        by: { userId: 'user-1', role: 'role/customer' },
        reason: 'requested',
      },
    });
    answers['billing.invoice'] = () =>
      anInvoice({
        status: 'refunded',
        payment,
        refund: { id: 're-1', amount: usd(30000), issuedAt: '2026-11-21T09:00:05.000Z' },
      });
    renderRoutes([route], '/user/itinerary/it-1/cancel');
    expect(await screen.findByText(/We refunded \$300\.00 to your card/)).toBeTruthy();
    expect(callsOf('itinerary.cancellationTerms')).toHaveLength(0);
  });
});

describe('what the result says of the money', () => {
  it('names the refund billing issued, one on its way, none due, or nothing paid', async () => {
    const { refundSentence } = await import('~/trips/cancel-result');
    const paid = anInvoice({ status: 'paid', payment });
    const refunded = (amount: number) =>
      anInvoice({
        status: 'refunded',
        payment,
        refund: { id: 're-1', amount: usd(amount), issuedAt: '2026-11-21T09:00:05.000Z' },
      });
    expect(refundSentence(refunded(30000), usd(30000))).toMatch(/^We refunded \$300\.00 to your card on /);
    expect(refundSentence(paid, usd(30000))).toMatch(/^Your refund of \$300\.00 is on its way/);
    expect(refundSentence(paid, usd(0))).toBe('Nothing is refunded under the cancellation terms.');
    expect(refundSentence(refunded(0), null)).toBe('Nothing is refunded under the cancellation terms.');
    expect(refundSentence(undefined, usd(0))).toBe('Nothing was paid, so there is nothing to refund.');
    expect(refundSentence(paid, null)).toBe('Any refund due goes back to the card you paid with.');
  });

  it('names what support refunded already, and gives back only what is left', async () => {
    const { CancelMoney, cancelSentence } = await import('~/trips/cancel-money');
    const answer = { itineraryId: 'it-1', terms, chargeNow: usd(0), refundNow: usd(20000), refundedBefore: usd(5000) };
    render(<CancelMoney answer={answer} />);
    expect(screen.getByLabelText('Cancellation charge and refund').textContent).toBe(
      'Cancellation charge$0.00Refunded already$50.00Refund to your card$200.00',
    );
    expect(cancelSentence(answer)).toBe(
      'We refunded $50.00 of this booking already. Cancelling now is free: you get the $200.00 left back.',
    );
    const charged = { ...answer, chargeNow: usd(10000), refundNow: usd(0) };
    expect(cancelSentence(charged)).toBe(
      'We refunded $50.00 of this booking already. Cancelling now costs $100.00, and nothing more is refunded.',
    );
  });

  it('says a charge of the full price refunds nothing', async () => {
    const { cancelSentence } = await import('~/trips/cancel-money');
    const answer = { itineraryId: 'it-1', terms, chargeNow: usd(58200), refundNow: usd(0) };
    expect(cancelSentence(answer)).toBe(
      "Cancelling now costs the full $582.00 under the hotel's terms: nothing is refunded.",
    );
  });
});
