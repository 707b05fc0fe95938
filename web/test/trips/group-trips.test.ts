// Trips in groups: upcoming and past by the stay's dates, cancelled bookings, carts not booked yet.
import type { Itinerary } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { groupTrips, tripDates } from '~/trips/group-trips';
import { anItinerary } from '../checkout/harness';

const TODAY = '2027-03-12';

function stay(id: string, checkIn: string, checkOut: string, overrides: Partial<Itinerary> = {}): Itinerary {
  const base = anItinerary();
  const item = base.lineItems[0]!;
  return {
    ...base,
    id,
    lineItems: [{ ...item, identity: `li-${id}`, checkInDate: checkIn, checkOutDate: checkOut }],
    ...overrides,
  };
}
const confirmed = { status: 'confirmed', invoiceId: 'inv', confirmedAt: '2027-01-01T00:00:00.000Z' } as const;
const ids = (list: Itinerary[]) => list.map((i) => i.id);

describe('groupTrips', () => {
  it('puts paid stays not over yet under upcoming (soonest first) and those over under past (latest first)', () => {
    const groups = groupTrips(
      [
        stay('later', '2027-06-01', '2027-06-04', confirmed),
        stay('now', '2027-03-10', '2027-03-14', confirmed),
        stay('soon', '2027-04-01', '2027-04-02', confirmed),
        stay('ends-today', '2027-03-09', '2027-03-12', confirmed),
        stay('last-year', '2026-03-01', '2026-03-05', confirmed),
      ],
      TODAY,
    );
    expect(ids(groups.upcoming)).toEqual(['now', 'soon', 'later']);
    expect(ids(groups.past)).toEqual(['ends-today', 'last-year']);
    expect(groups.cancelled).toEqual([]);
  });

  it('lists cancelled bookings, newest cancellation first, but not carts thrown away before any invoice', () => {
    const paid = { invoiceId: 'inv', confirmedAt: '2027-01-01T00:00:00.000Z' };
    const cancelled = (id: string, at: string, extra: Partial<Itinerary>) =>
      stay(id, '2027-05-01', '2027-05-03', {
        cancellation: { at, by: { userId: 'user-1', role: 'role/customer' }, reason: 'requested' },
        ...extra,
        status: 'cancelled',
      });
    const groups = groupTrips(
      [
        cancelled('paid-early', '2027-01-01T00:00:00.000Z', paid),
        cancelled('paid-late', '2027-02-01T00:00:00.000Z', paid),
        cancelled('cart', '2027-02-02T00:00:00.000Z', {}),
        cancelled('failed', '2027-01-15T00:00:00.000Z', {
          invoiceId: 'inv',
          cancellation: {
            at: '2027-01-15T00:00:00.000Z',
            by: { userId: 's', role: 'role/support' },
            reason: 'booking-failed',
          },
        }),
      ],
      TODAY,
    );
    expect(ids(groups.cancelled)).toEqual(['paid-late', 'failed', 'paid-early']);
    expect(ids(groups.upcoming)).toEqual([]);
  });

  it('keeps carts with rooms for dates to come as not booked yet; empty, expired or past carts are left out', () => {
    const empty = stay('empty', '2027-05-01', '2027-05-02');
    empty.lineItems[0]!.hotelBooking.rooms = [];
    const groups = groupTrips(
      [
        stay('cart', '2027-05-01', '2027-05-02'),
        stay('awaiting', '2027-05-01', '2027-05-02', { status: 'pending_payment', invoiceId: 'inv' }),
        stay('expired', '2027-05-01', '2027-05-02', { status: 'expired' }),
        stay('stale', '2027-03-01', '2027-03-02'),
        empty,
      ],
      TODAY,
    );
    expect(ids(groups.unfinished).sort()).toEqual(['awaiting', 'cart']);
    expect([...groups.upcoming, ...groups.past, ...groups.cancelled]).toEqual([]);
  });

  it("takes a trip's dates from its first check-in to its last check-out", () => {
    const two = stay('two', '2027-05-01', '2027-05-03');
    two.lineItems.push({
      ...two.lineItems[0]!,
      identity: 'li-2',
      checkInDate: '2027-05-03',
      checkOutDate: '2027-05-06',
    });
    expect(tripDates(two)).toEqual({ checkIn: '2027-05-01', checkOut: '2027-05-06' });
  });
});
