// /dashboard/manage-itineraries: the creator's packages (in their order, live or draft, switched on and off,
// moved up and down, deleted with undo) and written guides (a public link once published, deleted with undo),
// inside the dashboard frame. The DELETE waits for the undo time to run out, or for the page to be left.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ManagePage from '~/routes/dashboard-manage-itineraries';
import { aGuide, aPackage, answers, callsOf, refusal, renderRoutes, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const A = aPackage({ id: 'p-a', title: 'Alfama', status: 'draft' });
const B = aPackage({ id: 'p-b', title: 'Belém', status: 'active', pricing: { kind: 'liveQuote' } });
const C = aPackage({ id: 'p-c', title: 'Cascais', status: 'draft' });
const route = { path: '/dashboard/manage-itineraries', Component: ManagePage };

function answer(packages = [A, B, C], guides = [aGuide(), aGuide({ id: 'g-2', title: 'Braga', status: 'draft' })]) {
  answers['creator.myPackages'] = () => ({ total: packages.length, take: 100, skip: 0, packages });
  answers['creator.myGuides'] = () => ({ total: guides.length, take: 100, skip: 0, guides });
}

async function open() {
  const view = renderRoutes([route], '/dashboard/manage-itineraries');
  await screen.findByRole('heading', { level: 3, name: 'Alfama' });
  return view;
}

const packageTitles = () =>
  within(screen.getByRole('region', { name: 'Travel packages' }))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  resetApi();
  answer();
});
afterEach(() => vi.useRealTimers());

describe('the manage page', () => {
  it('lists the packages in their order and the guides, inside the dashboard frame', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Your itineraries' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(packageTitles()).toEqual(['Alfama', 'Belém', 'Cascais']);
    const alfama = screen.getByRole('heading', { level: 3, name: 'Alfama' }).closest('li')!;
    expect(alfama.textContent).toContain('Draft 3 days · 2 nights · From €1,250.50 per person');
    const belem = screen.getByRole('heading', { level: 3, name: 'Belém' }).closest('li')!;
    expect(belem.textContent).toContain('Live 3 days · 2 nights · Priced for your dates');
    expect(within(belem).getByRole('switch', { name: 'Live: Belém' })).toHaveProperty('checked', true);
    expect(within(alfama).getByRole('link', { name: 'Edit “Alfama”' }).getAttribute('href')).toBe(
      '/dashboard/experiences/p-a',
    );
    expect(screen.getByRole('link', { name: 'New package' }).getAttribute('href')).toBe('/dashboard/experiences/add');
    expect(callsOf('creator.myPackages')).toEqual([{ query: { take: 100 } }]);

    const guides = screen.getByRole('region', { name: 'Written guides' });
    expect(
      within(guides).getByText('Your guides as your club shows them. Writing and editing guides here is coming soon.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(guides).getByRole('link', { name: 'View “Porto on foot”' }).getAttribute('href')).toBe(
        '/user/ana/itineraries/g-1',
      ),
    );
    const braga = within(guides).getByRole('heading', { level: 3, name: 'Braga' }).closest('li')!;
    expect(braga.textContent).toContain('Draft 1 day');
    expect(within(braga).queryByRole('link')).toBeNull();
  });

  it('says when there are no packages and no guides yet', async () => {
    answer([], []);
    renderRoutes([route], '/dashboard/manage-itineraries');
    expect(
      await screen.findByText(
        'No packages yet. A package is a trip your followers book in one go: its days, its hotels and its dates.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('No written guides yet.')).toBeTruthy();
  });
});

describe('switching a package live', () => {
  it('switches it on, and off', async () => {
    answers['creator.togglePackage'] = ({ params, body }) => ({
      ...[A, B, C].find((p) => p.id === params.id)!,
      status: body.isActive ? 'active' : 'draft',
    });
    await open();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: 'Live: Cascais' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Live: Cascais' })).toHaveProperty('checked', true));
    await user.click(screen.getByRole('switch', { name: 'Live: Belém' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Live: Belém' })).toHaveProperty('checked', false));
    expect(callsOf('creator.togglePackage')).toEqual([
      { params: { id: 'p-c' }, body: { isActive: true } },
      { params: { id: 'p-b' }, body: { isActive: false } },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsOf('creator.myPackages')).toHaveLength(1);
  });

  it("shows the catalog's refusal with its day and a way to fix it", async () => {
    answers['creator.togglePackage'] = () => {
      throw refusal(404, 'hotel-not-found', 'Hotel not found', [{ path: 'days.1.stay.hotelId', message: 'x' }]);
    };
    await open();
    await userEvent.setup({ delay: null }).click(screen.getByRole('switch', { name: 'Live: Alfama' }));
    const row = screen.getByRole('heading', { level: 3, name: 'Alfama' }).closest('li')!;
    expect(await within(row).findByText(/Hotel not found \(day 2\)\./)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Fix it in the builder' }).getAttribute('href')).toBe(
      '/dashboard/experiences/p-a',
    );
    expect(within(row).getByRole('switch', { name: 'Live: Alfama' })).toHaveProperty('checked', false);
  });
});

describe('reordering packages', () => {
  it('moves a package up and down by button or keyboard, saving the whole order each time', async () => {
    answers['creator.orderPackages'] = ({ body }) => ({
      packages: body.ids.map((id: string) => [A, B, C].find((p) => p.id === id)),
    });
    await open();
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('button', { name: 'Move “Alfama” up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move “Cascais” down' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move “Cascais” up' }));
    expect(packageTitles()).toEqual(['Alfama', 'Cascais', 'Belém']);
    expect(screen.getByText('“Cascais” moved to place 2 of 3.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Cascais” up' })));
    await user.keyboard('{Enter}');
    expect(packageTitles()).toEqual(['Cascais', 'Alfama', 'Belém']);
    // At the top its up button is off: the focus goes to its down button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move “Cascais” down' })),
    );
    await user.keyboard(' ');
    expect(packageTitles()).toEqual(['Alfama', 'Cascais', 'Belém']);
    await waitFor(() => expect(callsOf('creator.orderPackages')).toHaveLength(3));
    expect(callsOf('creator.orderPackages')).toEqual([
      { body: { ids: ['p-a', 'p-c', 'p-b'] } },
      { body: { ids: ['p-c', 'p-a', 'p-b'] } },
      { body: { ids: ['p-a', 'p-c', 'p-b'] } },
    ]);
  });

  it('says so when the order cannot be saved, and shows the saved order again', async () => {
    answers['creator.orderPackages'] = () => {
      throw refusal(503, 'service-unavailable', 'The service is temporarily unavailable. Please try again shortly.');
    };
    await open();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Move “Belém” up' }));
    expect(
      await screen.findByText(
        'The new order could not be saved. The service is temporarily unavailable. Please try again shortly.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(packageTitles()).toEqual(['Alfama', 'Belém', 'Cascais']));
    expect(callsOf('creator.myPackages')).toHaveLength(2);
  });

  it('keeps a package waiting to be deleted in its place in the order it sends', async () => {
    answers['creator.orderPackages'] = () => ({ packages: [] });
    await open();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete “Belém”' }));
    await user.click(screen.getByRole('button', { name: 'Move “Cascais” up' }));
    expect(packageTitles()).toEqual(['Cascais', 'Alfama']);
    await waitFor(() => expect(callsOf('creator.orderPackages')).toEqual([{ body: { ids: ['p-c', 'p-b', 'p-a'] } }]));
  });
});

describe('deleting with undo', () => {
  // Timers are faked once the page is there; presses are plain clicks (React Aria takes them as presses).
  const press = (name: string) => void act(() => fireEvent.click(screen.getByRole('button', { name })));
  async function deleteAlfama() {
    await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    press('Delete “Alfama”');
  }
  const flush = () => act(async () => undefined);

  it('hides the row at once and sends nothing when undone', async () => {
    await deleteAlfama();
    expect(packageTitles()).toEqual(['Belém', 'Cascais']);
    expect(screen.getByText('Package “Alfama” deleted.')).toBeTruthy();
    // The keyboard is taken to the undo at once.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo deleting “Alfama”' }));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(callsOf('creator.deletePackage')).toEqual([]);
    press('Undo deleting “Alfama”');
    expect(packageTitles()).toEqual(['Alfama', 'Belém', 'Cascais']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete “Alfama”' }));
    expect(screen.queryByText('Package “Alfama” deleted.')).toBeNull();
    await act(async () => vi.advanceTimersByTime(20_000));
    await flush();
    expect(callsOf('creator.deletePackage')).toEqual([]);
  });

  it('sends one DELETE when the time runs out, and the row stays away', async () => {
    answers['creator.deletePackage'] = () => undefined;
    await deleteAlfama();
    await act(async () => vi.advanceTimersByTime(5_999));
    expect(callsOf('creator.deletePackage')).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(callsOf('creator.deletePackage')).toEqual([{ params: { id: 'p-a' } }]);
    expect(screen.queryByText('Package “Alfama” deleted.')).toBeNull();
    await act(async () => vi.advanceTimersByTime(20_000));
    await flush();
    expect(callsOf('creator.deletePackage')).toHaveLength(1);
    expect(packageTitles()).toEqual(['Belém', 'Cascais']);
  });

  it('sends the DELETE at once when the page is left', async () => {
    answers['creator.deletePackage'] = () => undefined;
    await open();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Delete “Alfama”' }));
    expect(callsOf('creator.deletePackage')).toEqual([]);
    void act(() => window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(callsOf('creator.deletePackage')).toEqual([{ params: { id: 'p-a' } }]));
  });

  it('sends the DELETE when the creator moves to another page', async () => {
    answers['creator.deletePackage'] = () => undefined;
    const { unmount } = await open();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Delete “Cascais”' }));
    unmount();
    await waitFor(() => expect(callsOf('creator.deletePackage')).toEqual([{ params: { id: 'p-c' } }]));
  });

  it('brings the row back with the reason when the DELETE is refused', async () => {
    answers['creator.deletePackage'] = () => {
      throw refusal(404, 'travel-package-not-found', 'Travel package not found');
    };
    await deleteAlfama();
    await act(async () => vi.advanceTimersByTime(6_000));
    await flush();
    expect(packageTitles()).toEqual(['Alfama', 'Belém', 'Cascais']);
    expect(screen.getByText('“Alfama” could not be deleted. Travel package not found')).toBeTruthy();
  });

  it('deletes a guide the same way', async () => {
    answers['creator.deleteGuide'] = () => undefined;
    await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    press('Delete “Braga”');
    expect(screen.getByText('Guide “Braga” deleted.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Written guides' })).queryByText('Braga')).toBeNull();
    await act(async () => vi.advanceTimersByTime(6_000));
    await flush();
    expect(callsOf('creator.deleteGuide')).toEqual([{ params: { id: 'g-2' } }]);
    expect(callsOf('creator.deletePackage')).toEqual([]);
  });
});
