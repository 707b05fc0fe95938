// /dashboard/experiences/{id}: a saved package in the builder. It loads as it was saved, publishes (saving
// first only what changed), shows the catalog's refusal on the day it names (and keeps it with that day as days
// move), saves a live package, unpublishes, and places the API's validation details on their fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import EditExperience, { loader } from '~/routes/dashboard-experience';
import { aPackage, answers, callsOf, catalogAnswers, refusal, renderRoutes, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const routes = [{ path: '/dashboard/experiences/:id', Component: EditExperience, loader }];
const dayCard = (n: number) => screen.getByRole('region', { name: `Day ${n}` });

async function open(pkg = aPackage()) {
  answers['creator.readPackage'] = () => pkg;
  const user = userEvent.setup({ delay: null });
  renderRoutes(routes, `/dashboard/experiences/${pkg.id}`);
  await screen.findByRole('heading', { level: 1, name: `Edit “${pkg.title}”` });
  return user;
}

const roomRefusal = () =>
  refusal(404, 'room-type-not-found', 'Room type not found', [
    { path: 'days.1.stay.roomType', message: 'Not in the catalog' },
  ]);

beforeEach(() => {
  resetApi();
  catalogAnswers();
});

describe('a saved package', () => {
  it('loads as it was saved, its hotel named by the catalog', async () => {
    await open();
    expect(callsOf('creator.readPackage')).toEqual([{ params: { id: 'pkg-1' } }]);
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Five days in Lisbon');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Tiles and tram rides.',
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toContain('Day 3');
    const first = dayCard(1);
    await waitFor(() =>
      expect((within(first).getByRole('combobox', { name: 'Hotel' }) as HTMLInputElement).value).toBe('Casa Azul'),
    );
    expect((await within(first).findByRole('button', { name: /Room type/ })).textContent).toContain(
      'Double room · sleeps 2',
    );
    expect(within(dayCard(3)).getByRole('checkbox', { name: 'Stay the night in a hotel' })).toHaveProperty(
      'checked',
      false,
    );
    expect((screen.getByRole('textbox', { name: 'Price per person' }) as HTMLInputElement).value).toBe('1250.50');
    expect(screen.getByRole('button', { name: /Currency/ }).textContent).toContain('EUR');
    expect((screen.getByRole('textbox', { name: 'Rooms per departure' }) as HTMLInputElement).value).toBe('6');
    expect(screen.getByText('Draft · saved')).toBeTruthy();
  });

  it('publishes without saving when nothing changed', async () => {
    answers['creator.togglePackage'] = () => aPackage({ status: 'active' });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Your package is live in your club.')).toBeTruthy();
    expect(callsOf('creator.savePackage')).toEqual([]);
    expect(callsOf('creator.togglePackage')).toEqual([{ params: { id: 'pkg-1' }, body: { isActive: true } }]);
    expect(screen.getByText('Live in your club')).toBeTruthy();
  });

  it('saves what changed first, with its id and the activities it had, then publishes', async () => {
    answers['creator.savePackage'] = ({ body }) => aPackage({ title: body.title });
    answers['creator.togglePackage'] = () => aPackage({ title: 'Lisbon slowly', status: 'active' });
    const user = await open();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Lisbon slowly');
    expect(screen.getByText('Draft · changes not saved')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Your package is live in your club.')).toBeTruthy();
    expect(callsOf('creator.savePackage')).toEqual([
      {
        body: {
          id: 'pkg-1',
          title: 'Lisbon slowly',
          summary: 'Tiles and tram rides.',
          days: [
            { title: 'Arrival', text: 'Check in.', activities: [], stay: { hotelId: 'h1', roomType: 'double' } },
            { title: 'Sintra', text: '', activities: ['Palace'], stay: { hotelId: 'h1', roomType: 'double' } },
            { title: 'Home', text: '', activities: [] },
          ],
          pricing: { kind: 'perPerson', price: { amount: 125050, currency: 'EUR' } },
          offeredDates: { kind: 'any' },
          capacity: 6,
        },
      },
    ]);
    expect(callsOf('creator.togglePackage')).toHaveLength(1);
    expect(screen.getByText('Live in your club')).toBeTruthy();
  });

  it("shows the catalog's refusal on the day it names, focused, and keeps it with that day as days move", async () => {
    answers['creator.togglePackage'] = () => {
      throw roomRefusal();
    };
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The catalog refused some nights. See the days marked below.')).toBeTruthy();
    const second = dayCard(2);
    expect(within(second).getByText('Room type not found')).toBeTruthy();
    expect(
      within(second).getByText('This hotel has no rooms of this type any more. Choose another room type.'),
    ).toBeTruthy();
    expect(within(dayCard(1)).queryByText('Room type not found')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Room type not found'));
    expect(screen.getByText('Draft · saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move day 2 up' }));
    expect(within(dayCard(1)).getByText('Room type not found')).toBeTruthy();
    expect(within(dayCard(2)).queryByText('Room type not found')).toBeNull();
    // A new stay for that day: the refusal no longer holds.
    await user.click(within(dayCard(1)).getByRole('checkbox', { name: 'Stay the night in a hotel' }));
    expect(screen.queryByText('Room type not found')).toBeNull();
  });

  it("says when a night's hotel is gone from the catalog", async () => {
    answers['catalog.hotel'] = () => {
      throw refusal(404, 'hotel-not-found', 'Hotel not found');
    };
    await open();
    expect(
      await within(dayCard(1)).findByText('This hotel is no longer in the catalog. Choose another hotel.'),
    ).toBeTruthy();
  });

  it("puts the API's validation details on their fields", async () => {
    answers['creator.savePackage'] = () => {
      throw refusal(400, 'validation-failed', 'The request is not valid.', [
        { path: 'days.2.title', message: 'Too long for the catalog' },
      ]);
    };
    const user = await open();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Some fields need a change. See the messages below.')).toBeTruthy();
    expect(within(dayCard(3)).getByText('Too long for the catalog')).toBeTruthy();
    expect(screen.getByText('Draft · changes not saved')).toBeTruthy();
  });

  it('marks offered dates that have passed, and clears them in one go', async () => {
    const user = await open(aPackage({ offeredDates: { kind: 'dates', dates: ['2020-05-01', '2099-05-01'] } }));
    expect(screen.getByRole('radio', { name: 'Only on the dates I offer' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const list = screen.getByRole('list', { name: 'Offered dates' });
    expect(await within(list).findByText('This date is in the past')).toBeTruthy();
    expect(callsOf('creator.savePackage')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove past dates' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('This date is in the past')).toBeNull();
  });

  it('says when the package cannot be read, with a way to try again', async () => {
    answers['creator.readPackage'] = () => {
      throw refusal(503, 'service-unavailable', 'The service is temporarily unavailable. Please try again shortly.');
    };
    renderRoutes(routes, '/dashboard/experiences/pkg-1');
    expect(await screen.findByText('The service is temporarily unavailable. Please try again shortly.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit package' })).toBeTruthy();
    answers['creator.readPackage'] = () => aPackage();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit “Five days in Lisbon”' })).toBeTruthy();
  });

  it('says so when the package does not exist (or is not theirs)', async () => {
    answers['creator.readPackage'] = () => {
      throw refusal(404, 'travel-package-not-found', 'Travel package not found');
    };
    renderRoutes(routes, '/dashboard/experiences/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Package not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your itineraries' }).getAttribute('href')).toBe(
      '/dashboard/manage-itineraries',
    );
  });
});

describe('a live package', () => {
  it('saves changes (the catalog checks them again) and says they are live', async () => {
    answers['creator.savePackage'] = () => aPackage({ status: 'active', summary: 'More tiles.' });
    const user = await open(aPackage({ status: 'active' }));
    expect(screen.getByText('Live in your club')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' More.');
    expect(screen.getByText('Live · changes not saved')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved. They are live in your club.')).toBeTruthy();
    expect(callsOf('creator.savePackage')[0]).toMatchObject({
      body: { id: 'pkg-1', summary: 'Tiles and tram rides. More.' },
    });
  });

  it('shows a refused change of a live package on its day too', async () => {
    answers['creator.savePackage'] = () => {
      throw roomRefusal();
    };
    const user = await open(aPackage({ status: 'active' }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(dayCard(2)).findByText('Room type not found')).toBeTruthy();
  });

  it('unpublishes: a draft again', async () => {
    answers['creator.togglePackage'] = () => aPackage({ status: 'draft' });
    const user = await open(aPackage({ status: 'active' }));
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Your package is a draft again: visitors no longer see it.')).toBeTruthy();
    expect(callsOf('creator.togglePackage')).toEqual([{ params: { id: 'pkg-1' }, body: { isActive: false } }]);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByText('Draft · saved')).toBeTruthy();
  });
});
