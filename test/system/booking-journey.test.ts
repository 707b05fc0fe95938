// System test (`npm run e2e:api`): the whole traveller journey through the gateway, every service its own
// process. An anonymous visitor searches, holds a room, signs up and keeps the cart, gives guest details,
// pays (a declined card first), is confirmed through the event, gets the mail, cancels and is refunded
// by the policy, and the room is free again.
import { cancellationChargeAt, type CancellationTerms, type Invoice, type Itinerary } from '@travelclub/contracts';
import { testInfra, uniqueName, waitForMail } from '@travelclub/kit/testing';
import {
  caller,
  cards,
  eventually,
  inDays,
  startStack,
  SUPPORT_EMAIL,
  SUPPORT_PASSWORD,
  Traveller,
  type Stack,
} from '@travelclub/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(testInfra());
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

it('takes a visitor from a search to a confirmed booking, and back out with the refund the policy gives', async () => {
  const traveller = await new Traveller(stack.gateway).visit();
  const visitorId = traveller.userId;
  const email = `${uniqueName('journey')}@example.test`;

  // Search, then the rooms of a hotel.
  const { searchId, availability } = await traveller.findStay({
    destination: 'country-US',
    checkIn: inDays(40),
    checkOut: inDays(43),
  });
  expect(availability.status).toBe(200);
  const stay = Traveller.cheapest(availability.body, searchId);

  // A cart of an anonymous visitor, attributed to the creator whose page they came from.
  const cart = await traveller.createItinerary({ creator: 'ada-travels' });
  expect(cart).toMatchObject({ status: 'draft', currency: 'USD', ownerId: visitorId, creator: 'ada-travels' });
  const added = await traveller.addRoom(cart.id, stay);
  expect(added.status).toBeLessThan(300);
  const line = added.body.lineItems[0]!;
  expect(line.hotelBooking.rooms[0]).toMatchObject({ rateId: stay.roomId, totalPrice: stay.price, holdStatus: 'held' });
  // The hold takes the room: one fewer left for everyone else.
  const held = await traveller.availability(stay.hotelId, searchId);
  const leftOf = (answer: typeof held) => answer.body.roomTypes.find((rt) => rt.type === stay.roomType)!.roomsLeft;
  expect(leftOf(held)).toBe(stay.roomsLeft - 1);

  // Signing up upgrades the same account: the cart is still theirs.
  const signedUp = await traveller.signUp(email);
  expect(signedUp.status).toBe(201);
  expect(signedUp.body.user.id).toBe(visitorId);
  const latest = await traveller.call<Itinerary>('GET', '/api/v1/itinerary/latest');
  expect(latest.body.id).toBe(cart.id);

  // Guest details, the pre-check, the invoice.
  expect((await traveller.createInvoice(cart.id)).body.error?.code).toBe('guest-details-missing');
  expect((await traveller.setGuests(added.body, email)).status).toBe(200);
  const preCheck = await traveller.call<{ ok: boolean }>('GET', `/api/v1/itinerary/${cart.id}/preCheck`);
  expect(preCheck.body.ok).toBe(true);
  const invoiced = await traveller.createInvoice(cart.id);
  expect(invoiced.body.status).toBe('pending_payment');
  const invoiceId = invoiced.body.invoiceId!;
  const invoice = await traveller.invoice(invoiceId);
  expect(invoice.body).toMatchObject({ status: 'open', total: stay.price, itineraryId: cart.id });

  // A declined card first: nothing paid, still payable.
  const declined = await traveller.pay(invoiceId, cards.declined);
  expect(declined.status).toBe(402);
  expect(declined.body.error).toEqual({ code: 'card-declined', message: 'Your card was declined.' });
  expect((await traveller.invoice(invoiceId)).body.status).toBe('open');

  // Then a good one; the itinerary is confirmed by the billing.invoice.paid event.
  const paid = await traveller.pay(invoiceId, cards.good);
  expect(paid.status).toBe(200);
  expect(paid.body).toMatchObject({ status: 'succeeded', amount: stay.price, card: { brand: 'visa', last4: '4242' } });
  const confirmed = await eventually(async () => {
    const res = await traveller.itinerary(cart.id);
    return res.body.status === 'confirmed' && res.body;
  });
  expect(confirmed.invoiceId).toBe(invoiceId);
  const confirmation = await waitForMail(email, { timeoutMs: 20_000, subject: /confirmed/i });
  expect(confirmation.text).toContain(cart.id);

  // Strangers see nothing; support staff see everything.
  const stranger = await new Traveller(stack.gateway).visit();
  expect((await stranger.itinerary(cart.id)).body.error?.code).toBe('itinerary-not-found');
  expect((await stranger.invoice(invoiceId)).body.error?.code).toBe('invoice-not-found');
  const support = await new Traveller(stack.gateway).signIn(SUPPORT_EMAIL, SUPPORT_PASSWORD);
  expect((await support.itinerary(cart.id)).body.status).toBe('confirmed');

  // Cancel: the refund is what was paid minus the charge the frozen terms give at that moment.
  const terms = await traveller.call<{ terms: CancellationTerms }>(
    'GET',
    `/api/v1/itinerary/${cart.id}/cancellationTerms`,
  );
  expect(terms.status).toBe(200);
  const cancelled = await traveller.call<Itinerary>('PUT', `/api/v1/itinerary/${cart.id}/cancel`, {});
  expect(cancelled.body.status).toBe('cancelled');
  const refunded = await eventually(async () => {
    const res = await traveller.invoice(invoiceId);
    return res.body.refund && res.body;
  });
  // Worked out here from each line's charges, apart from the itinerary's own sums.
  const at = new Date(cancelled.body.cancellation!.at);
  const charged = terms.body.terms.lines.reduce(
    (sum, line) =>
      sum + cancellationChargeAt({ cancellationCharges: line.charges, totalPrice: line.totalPrice }, at).amount,
    0,
  );
  expect((refunded as Invoice).refund!.amount).toEqual({
    amount: stay.price.amount - Math.min(charged, stay.price.amount),
    currency: stay.price.currency,
  });
  await waitForMail(email, { timeoutMs: 20_000, subject: /cancelled/i });

  // The room is free again.
  await eventually(async () => leftOf(await traveller.availability(stay.hotelId, searchId)) === stay.roomsLeft);
}, 120_000);

it('gives the spec cart errors through the gateway', async () => {
  const traveller = await new Traveller(stack.gateway).visit();
  const cart = await traveller.createItinerary();
  const noSearch = await traveller.call('POST', `/api/v1/itinerary/${cart.id}/addHotel`, {
    hotelId: 'h',
    roomType: 'double',
    roomId: 'r',
  });
  expect(noSearch.status).toBe(400);
  expect(noSearch.body.error).toEqual({
    code: 'search-or-dates-not-found',
    message: 'Search results or dates not found',
  });
  const gone = await traveller.call('POST', `/api/v1/itinerary/${cart.id}/removeHotel`, { lineItemId: 'nope' });
  expect(gone.body.error).toEqual({ code: 'hotel-booking-not-found', message: 'Itinerary or hotelBooking not found' });
  const anonymous = await new Traveller(stack.gateway).call('GET', `/api/v1/itinerary/${cart.id}`);
  expect(anonymous.body.error).toEqual({ code: 'token-not-found', message: 'Token not found' });
  // Billing's internal routes are not public.
  expect((await traveller.call('POST', `/internal/v1/invoices/inv_x/withdraw`, { itineraryId: cart.id })).status).toBe(
    404,
  );
});

it('does not let a traveller who reaches a service’s port make or take what only services may', async () => {
  const traveller = await new Traveller(stack.gateway).visit();
  const { searchId, availability } = await traveller.findStay({
    destination: 'country-US',
    checkIn: inDays(50),
    checkOut: inDays(52),
  });
  const stay = Traveller.cheapest(availability.body, searchId);
  const cart = await traveller.createItinerary();
  const added = await traveller.addRoom(cart.id, stay);
  expect(added.status).toBeLessThan(300);
  expect((await traveller.setGuests(added.body, `${uniqueName('direct')}@example.test`)).status).toBe(200);
  const line = added.body.lineItems[0]!;
  const room = line.hotelBooking.rooms[0]!;

  // The attack of issue 11: the traveller's own token, straight to billing's port, one cent for the stay.
  const direct = (part: 'billing' | 'catalog' | 'itinerary') => caller(stack.parts[part].url, () => traveller.token);
  for (const revision of [0, 1, 2, 3]) {
    const forged = await direct('billing')('POST', '/internal/v1/invoices', {
      itineraryId: cart.id,
      revision,
      currency: 'USD',
      lines: [{ lineItemId: line.identity, holdId: room.holdId, amount: { amount: 1, currency: 'USD' } }],
    });
    expect(forged.status).toBe(401);
  }
  expect((await direct('billing')('POST', '/internal/v1/invoices', { itineraryId: cart.id, revision: 1 })).status).toBe(
    401,
  );
  expect((await direct('catalog')('GET', `/internal/v1/holds/${room.holdId}?ownerId=${traveller.userId}`)).status).toBe(
    401,
  );
  // Nor may it take back someone's invoice, so that their payment fails.
  const withdrawn = { itineraryId: cart.id };
  expect((await direct('billing')('POST', '/internal/v1/invoices/inv_x/withdraw', withdrawn)).status).toBe(401);

  // Through the front door, the invoice says what the room costs, and paying it confirms the booking.
  const invoiced = await traveller.createInvoice(cart.id);
  expect(invoiced.body.status).toBe('pending_payment');
  const invoice = await traveller.invoice(invoiced.body.invoiceId!);
  expect(invoice.body.total).toEqual(stay.price);
  expect((await traveller.pay(invoice.body.id, cards.good)).body).toMatchObject({ amount: stay.price });
  await eventually(async () => (await traveller.itinerary(cart.id)).body.status === 'confirmed');
}, 60_000);
