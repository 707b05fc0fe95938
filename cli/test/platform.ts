// The platform the command line's tests talk to: the whole stack as real processes on the run's servers, and
// travellers with paid bookings made through the public API.
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import {
  cards,
  eventually,
  inDays,
  startStack,
  SUPPORT_EMAIL,
  SUPPORT_PASSWORD,
  Traveller,
  type Stack,
} from '@travelclub/testing';
import { afterAll, beforeAll } from 'vitest';

export { SUPPORT_EMAIL, SUPPORT_PASSWORD };

/** The stack of a test file, started before its tests and stopped after them. */
export function useStack(): { stack: Stack } {
  const holder = {} as { stack: Stack };
  beforeAll(async () => {
    holder.stack = await startStack(testInfra(), { hotels: 300 });
  }, 240_000);
  afterAll(async () => {
    await holder.stack?.stop();
  });
  return holder;
}

export interface PaidBooking {
  traveller: Traveller;
  email: string;
  password: string;
  itineraryId: string;
  invoiceId: string;
  leadGuestName: string;
}

let day = 20;
/**
 * A traveller with an account who booked and paid a stay of their own dates; `checkIn` days ahead when given
 * (tomorrow: inside the charge of the usual free-cancellation window).
 */
export async function paidBooking(gateway: string, checkInDays?: number): Promise<PaidBooking> {
  const checkIn = checkInDays ?? day;
  if (checkInDays === undefined) day += 3;
  const traveller = await new Traveller(gateway).visit();
  const email = `${uniqueName('guest')}@example.test`;
  const password = 'a traveller password';
  const signedUp = await traveller.signUp(email, password);
  if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}`);
  const { searchId, availability } = await traveller.findStay({
    destination: 'country-US',
    checkIn: inDays(checkIn),
    checkOut: inDays(checkIn + 2),
  });
  const pending = await traveller.checkout(Traveller.cheapest(availability.body, searchId), email);
  const paid = await traveller.pay(pending.invoiceId!, cards.good);
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  await eventually(async () => (await traveller.itinerary(pending.id)).body.status === 'confirmed', 30_000);
  return {
    traveller,
    email,
    password,
    itineraryId: pending.id,
    invoiceId: pending.invoiceId!,
    leadGuestName: pending.leadGuest?.name ?? 'Ada Lovelace',
  };
}
