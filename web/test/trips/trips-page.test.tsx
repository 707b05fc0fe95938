// /user/trips: the traveller's itineraries read from the list endpoint and shown as upcoming, past and
// cancelled trips with their dates, status, total and links.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Trips from '~/routes/user-trips';
import { anItinerary, answers, callsOf, renderRoutes, resetApi } from '../checkout/harness';

vi.mock('~/lib/browser-api', async () => (await import('../checkout/harness')).browserApi);

const route = { path: '/user/trips', Component: Trips as never };

describe('the trips page', () => {
  beforeEach(resetApi);

  it('groups the itineraries and links each trip to its booking and its cancellation', async () => {
    const upcoming = anItinerary({
      id: 'up',
      status: 'confirmed',
      invoiceId: 'i1',
      confirmedAt: '2026-11-01T00:00:00.000Z',
    });
    const past = anItinerary({
      id: 'past',
      status: 'confirmed',
      invoiceId: 'i2',
      confirmedAt: '2025-01-01T00:00:00.000Z',
      lineItems: [{ ...upcoming.lineItems[0]!, checkInDate: '2025-02-01', checkOutDate: '2025-02-03' }],
    });
    const cancelled = anItinerary({
      id: 'gone',
      status: 'cancelled',
      invoiceId: 'i3',
      cancellation: {
        at: '2026-11-02T00:00:00.000Z',
        by: { userId: 'user-1', role: 'role/customer' },
        reason: 'requested',
      },
    });
    answers['itinerary.listItineraries'] = () => ({
      total: 3,
      take: 100,
      skip: 0,
      itineraries: [upcoming, past, cancelled],
    });
    renderRoutes([route], '/user/trips');

    const upcomingSection = await screen.findByRole('region', { name: 'Upcoming trips' });
    const card = within(upcomingSection).getByRole('article', { name: 'Hotel Aurora' });
    expect(card.textContent).toContain('Wed, Mar 10, 2027 – Sat, Mar 13, 2027');
    expect(card.textContent).toContain('Confirmed');
    expect(card.textContent).toContain('$450.00');
    expect(within(card).getByRole('link', { name: 'View booking at Hotel Aurora' }).getAttribute('href')).toBe(
      '/itinerary/up/confirmation',
    );
    expect(within(card).getByRole('link', { name: 'Cancel booking at Hotel Aurora' }).getAttribute('href')).toBe(
      '/user/itinerary/up/cancel',
    );
    const pastSection = screen.getByRole('region', { name: 'Past trips' });
    expect(within(pastSection).getByText(/Sat, Feb 1, 2025/)).toBeTruthy();
    expect(within(pastSection).queryByRole('link', { name: /Cancel booking/ })).toBeNull();
    const cancelledSection = screen.getByRole('region', { name: 'Cancelled trips' });
    expect(within(cancelledSection).getByText('Cancelled')).toBeTruthy();
    expect(callsOf('itinerary.listItineraries')[0]).toEqual({ query: { take: 100, skip: 0 } });
  });

  it('says when there are no trips yet', async () => {
    answers['itinerary.listItineraries'] = () => ({ total: 0, take: 100, skip: 0, itineraries: [] });
    renderRoutes([route], '/user/trips');
    expect(await screen.findByText('No upcoming trips yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a hotel' })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderRoutes([route], '/user/trips', { user: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(callsOf('itinerary.listItineraries')).toHaveLength(0);
  });
});
