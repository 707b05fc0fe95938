// The payment page: the invoice, the card form's rules, the sandbox's test cards only in development, and one
// Idempotency-Key per attempt (a double click sends one request, a retry after no answer sends the same key,
// a new attempt after a decline a new one), a declined card said in the API's words and retryable.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardErrors, cardMessages, formatCardNumber, formatExpiry } from '~/checkout/card-rules';
import { outcomeUnknown } from '~/checkout/use-payment';
import Payment, { loader } from '~/routes/itinerary-payment';
import { anInvoice, anItinerary, answers, paymentAnswer, renderRoutes, resetApi, type StubRoute } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const route: StubRoute = {
  path: '/itinerary/:itineraryId?/payment',
  Component: Payment as never,
  loader: loader as never,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const declined = () => json(402, { error: { code: 'card-declined', message: 'Your card was declined.' } });

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const keysSent = () =>
  fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText(/^Card number/), number);
  await user.type(screen.getByLabelText(/^Expiry date/), '1234');
  await user.type(screen.getByLabelText(/^Security code/), '123');
  await user.type(screen.getByLabelText(/^Name on card/), 'Ada Lovelace');
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$450\.00/ });

describe('the card rules', () => {
  it("use billing's messages", () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '', holderName: ' ' })).toEqual({
      number: cardMessages.numberRequired,
      expiry: 'The expiry date is required',
      cvc: 'The security code is required',
      holderName: 'The cardholder name is required',
    });
    const now = new Date('2026-11-20T00:00:00Z');
    expect(cardErrors({ number: '4242 4242', expiry: '13/30', cvc: '12', holderName: 'A' }, now)).toMatchObject({
      number: 'The card number must have 12 to 19 digits',
      expiry: 'Use the expiry date as MM/YY',
      cvc: 'The security code has 3 or 4 digits',
    });
    expect(cardErrors({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '123', holderName: 'A' }, now)).toEqual({
      number: 'The card number is not valid',
      expiry: 'The card has expired',
    });
  });

  it('format the number in fours and the expiry as MM/YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04');
  });

  it('keep the key only while the outcome is unknown', () => {
    expect(outcomeUnknown({ status: 0 })).toBe(true);
    expect(outcomeUnknown({ status: 503, code: 'service-unavailable' })).toBe(true);
    expect(outcomeUnknown({ status: 409, code: 'payment-in-progress' })).toBe(true);
    expect(outcomeUnknown({ status: 402, code: 'card-declined' })).toBe(false);
  });
});

describe('the payment page', () => {
  beforeEach(() => {
    resetApi();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    answers['itinerary.readItinerary'] = () => anItinerary({ status: 'pending_payment', invoiceId: 'inv-1' });
    answers['billing.invoice'] = () => anInvoice();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the invoice and its total', async () => {
    renderRoutes([route], '/itinerary/it-1/payment');
    expect(await screen.findByRole('heading', { name: 'Invoice' })).toBeTruthy();
    expect(screen.getByText('2 × Deluxe Double, Flexible rate')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Total to pay \$450\.00/ })).toBeTruthy();
  });

  it('sends nothing while the card is refused, and puts the focus on the first field to fix', async () => {
    const user = userEvent.setup();
    renderRoutes([route], '/itinerary/it-1/payment');
    await user.type(await screen.findByLabelText(/^Card number/), '4242 4242 4242 4242');
    await user.click(payButton());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Expiry date/)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends one request for a double click, with an Idempotency-Key, then goes to the confirmation', async () => {
    const user = userEvent.setup();
    let answer!: (res: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderRoutes([route], '/itinerary/it-1/payment');
    await fillCard(user);
    await user.dblClick(payButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/invoice/inv-1/payment');
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(JSON.parse(init.body as string)).toEqual({
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123', holderName: 'Ada Lovelace' },
    });
    expect(keysSent()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(payButton().getAttribute('aria-disabled')).toBe('true');
    await user.click(payButton());
    answer(json(200, paymentAnswer));
    expect(await screen.findByText('The confirmation page')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends one request for two presses in the same instant, before the button can be held', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    renderRoutes([route], '/itinerary/it-1/payment');
    await fillCard(user);
    const form = screen.getByRole('form', { name: 'Card details' });
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the same key again when the first try got no answer', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, paymentAnswer));
    renderRoutes([route], '/itinerary/it-1/payment');
    await fillCard(user);
    await user.click(payButton());
    expect(await screen.findByText(/you will not be charged twice/)).toBeTruthy();
    await user.click(payButton());
    expect(await screen.findByText('The confirmation page')).toBeTruthy();
    expect(keysSent()).toHaveLength(2);
    expect(keysSent()[1]).toBe(keysSent()[0]);
  });

  it('explains a declined card, and a new attempt gets a new key', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(declined()).mockResolvedValueOnce(json(200, paymentAnswer));
    renderRoutes([route], '/itinerary/it-1/payment');
    await fillCard(user, '4000000000000002');
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(alert.textContent).toContain('Nothing was charged.');
    const number = screen.getByLabelText(/^Card number/);
    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByText('The confirmation page')).toBeTruthy();
    expect(keysSent()).toHaveLength(2);
    expect(keysSent()[1]).not.toBe(keysSent()[0]);
  });

  it('gives the same card a new key after a decline too', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(declined()).mockResolvedValueOnce(declined());
    renderRoutes([route], '/itinerary/it-1/payment');
    await fillCard(user, '4000000000000002');
    await user.click(payButton());
    await screen.findByRole('alert');
    await user.click(payButton());
    await waitFor(() => expect(keysSent()).toHaveLength(2));
    expect(keysSent()[1]).not.toBe(keysSent()[0]);
  });

  it('shows the sandbox test cards only when the development flag is on', async () => {
    renderRoutes([route], '/itinerary/it-1/payment');
    await screen.findByLabelText(/^Card number/);
    expect(screen.queryByText('Sandbox test cards')).toBeNull();
    expect(screen.queryByText('4242 4242 4242 4242')).toBeNull();
  });

  it('shows them, and fills the form with one, in development', async () => {
    const user = userEvent.setup();
    renderRoutes([route], '/itinerary/it-1/payment', { showTestCards: true });
    expect(await screen.findByRole('heading', { name: 'Sandbox test cards' })).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use the test card: Card declined' }));
    expect((screen.getByLabelText(/^Card number/) as HTMLInputElement).value).toBe('4000 0000 0000 0002');
  });

  it('sends a traveller without an invoice back to the guest details', async () => {
    answers['itinerary.readItinerary'] = () => anItinerary();
    renderRoutes([route], '/itinerary/it-1/payment');
    expect(await screen.findByText('Please add the guest details before paying.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to guest details' }).getAttribute('href')).toBe(
      '/itinerary/it-1/contact',
    );
  });
});
