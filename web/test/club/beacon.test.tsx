// The page-view beacon: `POST /api/v1/creator/{slug}/view` once per page view, after the page runs, by the
// browser's beacon (a keep-alive fetch without one), never through the typed client.
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendClubView, useClubViewBeacon } from '~/club/beacon';
import { answers, resetServer } from './api';
import { club } from './fixtures';
import { renderClub } from './render';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);
// The typed client is never loaded for the beacon: a call through it would fail here.
vi.mock('~/lib/browser-api', () => {
  throw new Error('the beacon must not load the API module');
});

let beacon: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetServer();
  beacon = vi.fn(() => true);
  Object.assign(navigator, { sendBeacon: beacon });
});
afterEach(() => vi.unstubAllGlobals());

describe('the page-view beacon', () => {
  it('is sent once when a club page is shown, and once more for each other page of the club', async () => {
    answers['creator.clubView'] = () => club();
    renderClub('/user/anna');
    await screen.findByRole('heading', { level: 1, name: /Anna Travels/ });
    // The beacon goes from an effect, which React may run a moment after the heading is painted.
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));
    expect(beacon).toHaveBeenCalledWith('/api/v1/creator/anna/view');
    const tabs = screen.getByRole('navigation', { name: "Anna Travels' club" });
    await userEvent.click(within(tabs).getByRole('link', { name: 'Stays' }));
    await screen.findByRole('heading', { name: 'Recommended stays' });
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2));
  });

  it('is not sent again when the same page renders again', () => {
    const { rerender } = renderHook(({ path }) => useClubViewBeacon('anna', path), {
      initialProps: { path: '/user/anna' },
    });
    rerender({ path: '/user/anna' });
    rerender({ path: '/user/anna' });
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('falls back to a keep-alive POST where the browser has no beacon (or refuses it)', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    Object.assign(navigator, { sendBeacon: vi.fn(() => false) });
    sendClubView('anna');
    expect(fetch).toHaveBeenCalledWith('/api/v1/creator/anna/view', { method: 'POST', keepalive: true });
  });
});
