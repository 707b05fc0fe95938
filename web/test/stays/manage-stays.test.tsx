// The creator's list of stays (/dashboard/manage-stays): in their order, switched on and off, moved up and down
// with the keyboard (saved as the whole order, announced, the keyboard staying on the moved stay), deleted with
// a few seconds to undo (the DELETE goes only when the time is up, on Escape, or when the page is left).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecommendationView } from '@travelclub/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, aStay, callsOf, refusal, renderStays, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

let stored: RecommendationView[] = [];
beforeEach(() => {
  resetApi();
  stored = [
    aStay({ hotelId: 'hA', recommendationTitle: 'Alpha', position: 0 }),
    aStay({ hotelId: 'hB', recommendationTitle: 'Bravo', position: 1, isActive: false, tileImage: undefined }),
    aStay({ hotelId: 'hC', recommendationTitle: 'Charlie', position: 2 }),
  ];
  answers['creator.myRecommendations'] = () => ({ recommendations: stored });
  answers['creator.orderRecommendations'] = ({ body }: { body: { hotelIds: string[] } }) => {
    stored = body.hotelIds.map((id, position) => ({ ...stored.find((s) => s.hotelId === id)!, position }));
    return { recommendations: stored };
  };
  answers['creator.withdrawRecommendation'] = ({ params }: { params: { id: string } }) => {
    stored = stored.filter((s) => s.hotelId !== params.id);
    return undefined;
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const status = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .join(' ');

async function openList() {
  const view = renderStays('/dashboard/manage-stays');
  await screen.findByRole('list', { name: 'Your recommended stays' });
  return view;
}

describe('the list', () => {
  it('shows the stays in the club’s order, with what the club shows and a way to each action', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Your recommended stays' })).toBeTruthy();
    expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const rows = within(screen.getByRole('list', { name: 'Your recommended stays' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Shown on your club')).toBeTruthy();
    expect(within(rows[1]!).getByText('Hidden from your club')).toBeTruthy();
    expect(within(rows[0]!).getByRole('switch', { name: '“Alpha” on your club' })).toHaveProperty('checked', true);
    expect(within(rows[1]!).getByRole('switch', { name: '“Bravo” on your club' })).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Move “Alpha” up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move “Charlie” down' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Edit “Bravo”' }).getAttribute('href')).toBe('/dashboard/stays/hB');
    expect(screen.getByRole('link', { name: 'Add a stay' }).getAttribute('href')).toBe('/dashboard/stays/add');
    expect(screen.getByText('Your club shows the stays switched on, in this order.')).toBeTruthy();
    // The dashboard's navigation is there too: the page is outside the layout but in the same frame.
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
  });

  it('tells a creator without stays what to do', async () => {
    stored = [];
    renderStays('/dashboard/manage-stays');
    expect(await screen.findByRole('heading', { level: 2, name: 'No recommended stays yet' })).toBeTruthy();
    expect(
      screen.getByText(
        'Recommend a hotel you know and love: find it in the catalog, say in a few words why, and add your photos. It shows on your club straight away, and your followers can book it from there.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recommend your first stay' }).getAttribute('href')).toBe(
      '/dashboard/stays/add',
    );
  });

  it('says when the list cannot be read, with a way to try again', async () => {
    answers['creator.myRecommendations'] = () => {
      throw refusal(503, 'service-unavailable', 'The service is not available right now.');
    };
    renderStays('/dashboard/manage-stays');
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorThe service is not available right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('switching a stay on and off', () => {
  it('switches with the keyboard, saves it and says so', async () => {
    answers['creator.toggleRecommendation'] = ({ body }: { body: { hotelId: string; isActive: boolean } }) => ({
      ...stored.find((s) => s.hotelId === body.hotelId)!,
      isActive: body.isActive,
    });
    await openList();
    const user = userEvent.setup();
    screen.getByRole('switch', { name: '“Bravo” on your club' }).focus();
    await user.keyboard(' ');
    expect(callsOf('creator.toggleRecommendation')).toEqual([{ body: { hotelId: 'hB', isActive: true } }]);
    await waitFor(() => expect(status()).toContain('“Bravo” is shown on your club.'));
    expect(screen.getByRole('switch', { name: '“Bravo” on your club' })).toHaveProperty('checked', true);
    const row = screen.getByRole('switch', { name: '“Bravo” on your club' }).closest('li')!;
    expect(within(row).getByText('Shown on your club')).toBeTruthy();
  });

  it('puts the switch back and says why when it is refused', async () => {
    answers['creator.toggleRecommendation'] = () => {
      throw refusal(404, 'recommendation-not-found', 'Recommendation not found');
    };
    await openList();
    await userEvent.setup().click(screen.getByRole('switch', { name: '“Alpha” on your club' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error“Alpha” could not be hidden: Recommendation not found',
    );
    expect(screen.getByRole('switch', { name: '“Alpha” on your club' })).toHaveProperty('checked', true);
  });
});

describe('reordering', () => {
  it('moves a stay with the keyboard, saves the whole order, announces it and keeps the keyboard on the stay', async () => {
    await openList();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move “Alpha” down' }).focus();
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(callsOf('creator.orderRecommendations')).toEqual([{ body: { hotelIds: ['hB', 'hA', 'hC'] } }]);
    await waitFor(() => expect(status()).toContain('“Alpha” moved down, to place 2 of 3.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Alpha” down' })));

    // At the end of the list its Down is off, so the keyboard goes to its Up.
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Alpha” up' })));
    await waitFor(() => expect(callsOf('creator.orderRecommendations')).toHaveLength(2));
    expect(callsOf('creator.orderRecommendations')[1]).toEqual({ body: { hotelIds: ['hB', 'hC', 'hA'] } });
    await waitFor(() => expect(status()).toContain('“Alpha” moved down, to place 3 of 3.'));
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('sends the latest order after the one on its way, never two at once', async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    const order = answers['creator.orderRecommendations']!;
    answers['creator.orderRecommendations'] = async (input: unknown) => {
      if (callsOf('creator.orderRecommendations').length === 1) await first;
      return order(input);
    };
    await openList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move “Charlie” up' }));
    await user.click(screen.getByRole('button', { name: 'Move “Charlie” up' }));
    await user.click(screen.getByRole('button', { name: 'Move “Bravo” up' }));
    expect(titles()).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(callsOf('creator.orderRecommendations')).toEqual([{ body: { hotelIds: ['hA', 'hC', 'hB'] } }]);
    release();
    await waitFor(() => expect(callsOf('creator.orderRecommendations')).toHaveLength(2));
    expect(callsOf('creator.orderRecommendations')[1]).toEqual({ body: { hotelIds: ['hC', 'hB', 'hA'] } });
    await waitFor(() => expect(stored.map((s) => s.hotelId)).toEqual(['hC', 'hB', 'hA']));
    expect(titles()).toEqual(['Charlie', 'Bravo', 'Alpha']);
  });

  it('puts back the stored order and says why when the order is refused', async () => {
    answers['creator.orderRecommendations'] = () => {
      throw refusal(400, 'validation-failed', 'The request is not valid.', [
        { path: 'hotelIds', message: 'Name every one of your recommended stays; missing: hD' },
      ]);
    };
    await openList();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move “Bravo” up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorYour new order could not be saved: The request is not valid. Name every one of your recommended stays; missing: hD',
    );
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
  });
});

describe('deleting with undo', () => {
  /** The list read, then the clock in the test's hands (the DELETE waits on it). */
  async function openWithClock() {
    const view = await openList();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Testing Library waits a tick after each user event with setTimeout; it moves a jest clock only, so this
    // one is lent under that name.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    return { ...view, user };
  }
  const deletes = () => callsOf('creator.withdrawRecommendation');
  const toast = () => screen.getByText('“Alpha” deleted.').closest('li')!;

  it('takes the stay off at once, and Undo brings it back and sends nothing', async () => {
    const { user } = await openWithClock();
    screen.getByRole('button', { name: 'Delete “Alpha”' }).focus();
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Bravo', 'Charlie']);
    expect(status()).toContain('“Alpha” deleted.');
    // Deleted from the keyboard: the keyboard is on its Undo.
    const undo = within(toast()).getByRole('button', { name: 'Undo deleting “Alpha”' });
    expect(document.activeElement).toBe(undo);
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.queryByText('“Alpha” deleted.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete “Alpha”' })));
    await act(async () => void vi.advanceTimersByTime(20_000));
    expect(deletes()).toHaveLength(0);
    expect(status()).toContain('“Alpha” is back in your list.');
  });

  it('sends one DELETE when the time runs out', async () => {
    const { user } = await openWithClock();
    await user.click(screen.getByRole('button', { name: 'Delete “Alpha”' }));
    await act(async () => void vi.advanceTimersByTime(5_900));
    expect(deletes()).toHaveLength(0);
    expect(screen.getByText('“Alpha” deleted.')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(200));
    await vi.waitFor(() => expect(deletes()).toEqual([{ params: { id: 'hA' } }]));
    expect(screen.queryByText('“Alpha” deleted.')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(20_000));
    expect(deletes()).toHaveLength(1);
    expect(titles()).toEqual(['Bravo', 'Charlie']);
  });

  it('holds the time while the keyboard is on the note, and Escape deletes at once', async () => {
    const { user } = await openWithClock();
    screen.getByRole('button', { name: 'Delete “Alpha”' }).focus();
    await user.keyboard('{Enter}');
    await act(async () => void vi.advanceTimersByTime(20_000));
    expect(deletes()).toHaveLength(0);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(deletes()).toEqual([{ params: { id: 'hA' } }]));
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Your recommended stays' }));
  });

  it('goes on counting once the keyboard leaves the note', async () => {
    const { user } = await openWithClock();
    screen.getByRole('button', { name: 'Delete “Alpha”' }).focus();
    await user.keyboard('{Enter}');
    fireEvent.blur(within(toast()).getByRole('button'), { relatedTarget: document.body });
    await act(async () => void vi.advanceTimersByTime(6_000));
    await vi.waitFor(() => expect(deletes()).toHaveLength(1));
  });

  it('sends the DELETE when the page is left before the time is up', async () => {
    const { user, unmount } = await openWithClock();
    await user.click(screen.getByRole('button', { name: 'Delete “Charlie”' }));
    expect(deletes()).toHaveLength(0);
    unmount();
    await vi.waitFor(() => expect(deletes()).toEqual([{ params: { id: 'hC' } }]));
  });

  it('still names a stay waiting to be deleted in an order saved meanwhile', async () => {
    const { user } = await openWithClock();
    await user.click(screen.getByRole('button', { name: 'Delete “Alpha”' }));
    await user.click(screen.getByRole('button', { name: 'Move “Charlie” up' }));
    expect(titles()).toEqual(['Charlie', 'Bravo']);
    await vi.waitFor(() =>
      expect(callsOf('creator.orderRecommendations')).toEqual([{ body: { hotelIds: ['hA', 'hC', 'hB'] } }]),
    );
  });
});
