// /dashboard/experiences/add: a new package built on the page. Its sections and texts, every form rule shown
// on its field (nothing sent while one is broken), days added, removed and reordered, departure dates picked,
// the exact body of the first save and the move to the package's own page, and the guard on unsaved changes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatStayDate } from '~/checkout/format';
import AddExperience, { loader as addLoader } from '~/routes/dashboard-experience-add';
import EditExperience, { loader as editLoader } from '~/routes/dashboard-experience';
import { aPackage, answers, callsOf, catalogAnswers, inDays, refusal, renderRoutes, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

type User = ReturnType<typeof userEvent.setup>;

const routes = [
  { path: '/dashboard/experiences/add', Component: AddExperience, loader: addLoader },
  { path: '/dashboard/experiences/:id', Component: EditExperience, loader: editLoader },
];

async function open() {
  const user = userEvent.setup({ delay: null });
  renderRoutes(routes, '/dashboard/experiences/add');
  await screen.findByRole('button', { name: 'Save draft' });
  expect(screen.getByRole('heading', { level: 1, name: 'New package' })).toBeTruthy();
  return user;
}

const dayCard = (n: number) => screen.getByRole('region', { name: `Day ${n}` });
const dayTitles = () =>
  screen.getAllByRole('textbox', { name: 'Title of the day' }).map((input) => (input as HTMLInputElement).value);

async function pickHotel(user: User, card: HTMLElement, name: RegExp, room: RegExp) {
  await user.click(within(card).getByRole('checkbox', { name: 'Stay the night in a hotel' }));
  await user.type(within(card).getByRole('combobox', { name: 'Hotel' }), 'Cas');
  await user.click(await screen.findByRole('option', { name }));
  await user.click(await within(card).findByRole('button', { name: /Room type/ }));
  await user.click(await screen.findByRole('option', { name: room }));
}

async function typeDate(user: User, iso: string) {
  const [year, month, day] = iso.split('-');
  await user.click(screen.getByRole('spinbutton', { name: /^month, Departure date/ }));
  await user.keyboard(`${month}${day}${year}`);
}

async function fillValidPackage(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Lisbon');
  await user.type(within(dayCard(1)).getByRole('textbox', { name: 'Title of the day' }), 'Arrival');
  await user.type(screen.getByRole('textbox', { name: 'Price per person' }), '1250.50');
}

beforeEach(() => {
  resetApi();
  catalogAnswers();
});

describe('a new package', () => {
  it('shows its sections, one empty day, the creator’s currency, and photos only once it is saved', async () => {
    await open();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'About the package',
      'Days',
      'Departure dates',
      'Price',
      'Photos',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Day 1']);
    expect(screen.getByText('Save your draft first; then you can add a cover photo and a gallery.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Currency/ }).textContent).toContain('EUR');
    expect(screen.getByText('New package · not saved yet')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'On any date they choose' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'A price per person' })).toHaveProperty('checked', true);
    expect((screen.getByRole('textbox', { name: 'Rooms per departure' }) as HTMLInputElement).value).toBe('10');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('refuses to save what breaks the rules, says why on each field, sends nothing and focuses the first', async () => {
    const user = await open();
    await user.clear(screen.getByRole('textbox', { name: 'Rooms per departure' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Some fields need a change. See the messages below.')).toBeTruthy();
    expect(screen.getByText('Give your package a title')).toBeTruthy();
    expect(within(dayCard(1)).getByText('Give the day a title')).toBeTruthy();
    expect(screen.getByText('Enter the price per person')).toBeTruthy();
    expect(screen.getByText('Enter a whole number of rooms from 1 to 100')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' })));
    expect(callsOf('creator.savePackage')).toEqual([]);
    // The messages follow the fields as they change.
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Lisbon');
    expect(screen.queryByText('Give your package a title')).toBeNull();
  });

  it('shows every limit on its field', async () => {
    const user = await open();
    await fillValidPackage(user);
    const paste = async (name: string, text: string, within_: HTMLElement = document.body) => {
      const field = within(within_).getByRole('textbox', { name });
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await paste('Title', 'x'.repeat(121));
    await paste('Description', 'x'.repeat(2001));
    await paste('What happens that day', 'x'.repeat(4001), dayCard(1));
    await paste('Price per person', '12.345');
    await paste('Rooms per departure', '101');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The title can be at most 120 characters')).toBeTruthy();
    expect(screen.getByText('The description can be at most 2,000 characters')).toBeTruthy();
    expect(screen.getByText("The day's text can be at most 4,000 characters")).toBeTruthy();
    expect(screen.getByText('Enter the price as a number, like 1250 or 1250.50')).toBeTruthy();
    expect(screen.getByText('Enter a whole number of rooms from 1 to 100')).toBeTruthy();
    await paste('Price per person', '0');
    expect(await screen.findByText('The price must be more than zero')).toBeTruthy();
    await paste('Price per person', '1000001');
    expect(await screen.findByText('The price can be at most €1,000,000.00')).toBeTruthy();
    await paste('Title of the day', 'y'.repeat(121), dayCard(1));
    expect(await screen.findByText("The day's title can be at most 120 characters")).toBeTruthy();
    expect(callsOf('creator.savePackage')).toEqual([]);
  });

  it('asks for a night’s hotel, then its room type, offering the catalog’s hotels only', async () => {
    const user = await open();
    await fillValidPackage(user);
    const card = dayCard(1);
    await user.click(within(card).getByRole('checkbox', { name: 'Stay the night in a hotel' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(card).findByText('Choose the hotel for this night')).toBeTruthy();
    await user.type(within(card).getByRole('combobox', { name: 'Hotel' }), 'Lis');
    await screen.findByRole('option', { name: /Casa Azul/ });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Casa Azul, Lisbon', 'Hotel Sol, Lisbon']);
    expect(callsOf('catalog.autocomplete')).toEqual([{ query: { query: 'Lis', take: 20 } }]);
    await user.click(screen.getByRole('option', { name: /Hotel Sol/ }));
    expect(await within(card).findByText('Choose a room type')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: /Room type/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Suite · sleeps 3',
      'Single room · sleeps 1',
    ]);
    await user.click(screen.getByRole('option', { name: /Suite/ }));
    await waitFor(() => expect(within(card).queryByText('Choose a room type')).toBeNull());
  });

  it('says when a hotel has no rooms to book', async () => {
    answers['catalog.hotel'] = () => ({ id: 'h1', name: 'Casa Azul', roomTypes: [] });
    const user = await open();
    const card = dayCard(1);
    await user.click(within(card).getByRole('checkbox', { name: 'Stay the night in a hotel' }));
    await user.type(within(card).getByRole('combobox', { name: 'Hotel' }), 'Cas');
    await user.click(await screen.findByRole('option', { name: /Casa Azul/ }));
    expect(await within(card).findByText('This hotel has no rooms to book. Choose another hotel.')).toBeTruthy();
  });

  it('needs a night with a stay to publish', async () => {
    const user = await open();
    await fillValidPackage(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Give at least one night a stay to publish your package')).toBeTruthy();
    expect(callsOf('creator.savePackage')).toEqual([]);
    expect(callsOf('creator.togglePackage')).toEqual([]);
  });

  it('adds, reorders and removes days, saying so and keeping the focus where the next step is', async () => {
    const user = await open();
    await user.type(within(dayCard(1)).getByRole('textbox', { name: 'Title of the day' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dayCard(2)).getByRole('textbox', { name: 'Title of the day' })),
    );
    expect(screen.getByText('Day 2 added.')).toBeTruthy();
    await user.keyboard('B');
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    await user.keyboard('C');
    expect(dayTitles()).toEqual(['A', 'B', 'C']);
    expect(screen.getByRole('button', { name: 'Move day 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move day 3 down' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move day 3 up' }));
    expect(dayTitles()).toEqual(['A', 'C', 'B']);
    expect(screen.getByText('Day 3 is now day 2.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move day 2 up' })));
    // By keyboard: the focused button moves the day again, to the top; the focus goes to its other button.
    await user.keyboard('{Enter}');
    expect(dayTitles()).toEqual(['C', 'A', 'B']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move day 1 down' })));

    await user.click(screen.getByRole('button', { name: 'Remove day 1' }));
    expect(dayTitles()).toEqual(['A', 'B']);
    expect(screen.getByText('Day 1 removed.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove day 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove day 1' }));
    expect(screen.queryAllByRole('textbox', { name: 'Title of the day' })).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Give your package at least one day')).toBeTruthy();
  });

  it('offers departure dates picked one by one, each once, none in the past', async () => {
    const user = await open();
    await user.click(screen.getByRole('radio', { name: 'Only on the dates I offer' }));
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    expect(await screen.findByText('Choose a date to add')).toBeTruthy();
    const later = inDays(40);
    const sooner = inDays(20);
    await typeDate(user, later);
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    await typeDate(user, sooner);
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    const list = screen.getByRole('list', { name: 'Offered dates' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual([formatStayDate(sooner), formatStayDate(later)]);
    expect(screen.getByText('2 of 100 dates.')).toBeTruthy();
    await typeDate(user, later);
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    expect(await screen.findByText('That date is already on the list')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Remove ${formatStayDate(sooner)}` }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: `Remove ${formatStayDate(later)}` }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Add at least one date, or offer any date')).toBeTruthy();
  });
});

describe('saving a new package', () => {
  it('sends the exact body, then opens the package’s own page with “Draft saved.”', async () => {
    const date = inDays(30);
    answers['creator.savePackage'] = ({ body }) => aPackage({ id: 'pkg-9', title: body.title });
    const user = await open();
    await fillValidPackage(user);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Tiles');
    await user.type(within(dayCard(1)).getByRole('textbox', { name: 'What happens that day' }), 'Check in.');
    await pickHotel(user, dayCard(1), /Hotel Sol/, /Suite/);
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    await user.keyboard('Home');
    await user.click(screen.getByRole('button', { name: /Currency/ }));
    await user.click(await screen.findByRole('option', { name: 'USD' }));
    await user.click(screen.getByRole('radio', { name: 'Only on the dates I offer' }));
    await typeDate(user, date);
    await user.click(screen.getByRole('button', { name: 'Add date' }));
    const rooms = screen.getByRole('textbox', { name: 'Rooms per departure' });
    await user.clear(rooms);
    await user.type(rooms, '4');
    expect(screen.getByText('New package · not saved yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit “Lisbon”' })).toBeTruthy();
    expect(screen.getByText('Draft saved.')).toBeTruthy();
    expect(callsOf('creator.savePackage')).toEqual([
      {
        body: {
          title: 'Lisbon',
          summary: 'Tiles',
          days: [
            { title: 'Arrival', text: 'Check in.', activities: [], stay: { hotelId: 'h2', roomType: 'suite' } },
            { title: 'Home', text: '', activities: [] },
          ],
          pricing: { kind: 'perPerson', price: { amount: 125050, currency: 'USD' } },
          offeredDates: { kind: 'dates', dates: [date] },
          capacity: 4,
        },
      },
    ]);
    // The answer is the page's data: nothing read again, and photos can now be added.
    expect(callsOf('creator.readPackage')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Choose a cover photo' })).toBeTruthy();
  });

  it('publishes a new package: saved, switched on, and “live” on its own page with a link to the club', async () => {
    answers['creator.savePackage'] = () => aPackage();
    answers['creator.togglePackage'] = () => aPackage({ status: 'active' });
    const user = await open();
    await fillValidPackage(user);
    await pickHotel(user, dayCard(1), /Casa Azul/, /Double room/);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit “Five days in Lisbon”' })).toBeTruthy();
    expect(screen.getByText('Your package is live in your club.')).toBeTruthy();
    expect(callsOf('creator.togglePackage')).toEqual([{ params: { id: 'pkg-1' }, body: { isActive: true } }]);
    expect(screen.getByRole('link', { name: 'See it in your club' }).getAttribute('href')).toBe(
      '/user/ana/packages/pkg-1',
    );
    expect(screen.getByText('Live in your club')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('keeps a refused first publish on the day it names, on the saved draft’s page', async () => {
    answers['creator.savePackage'] = () =>
      aPackage({ days: [{ title: 'Arrival', text: '', activities: [], stay: { hotelId: 'h1', roomType: 'double' } }] });
    answers['creator.togglePackage'] = () => {
      throw refusal(404, 'hotel-not-found', 'Hotel not found', [
        { path: 'days.0.stay.hotelId', message: 'Not in the catalog' },
      ]);
    };
    const user = await open();
    await fillValidPackage(user);
    await pickHotel(user, dayCard(1), /Casa Azul/, /Double room/);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit “Five days in Lisbon”' })).toBeTruthy();
    expect(screen.getByText('The catalog refused some nights. See the days marked below.')).toBeTruthy();
    const card = dayCard(1);
    expect(within(card).getByText('Hotel not found')).toBeTruthy();
    expect(
      within(card).getByText('The catalog does not have this hotel any more. Choose another hotel for this night.'),
    ).toBeTruthy();
    expect(screen.getByText('Draft · saved')).toBeTruthy();
  });
});

describe('unsaved changes', () => {
  it('lets the creator leave an untouched builder without asking', async () => {
    const user = await open();
    // Nothing typed yet: leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Your itineraries' }));
    expect(await screen.findByText('The manage page')).toBeTruthy();
  });

  it('keeps the creator’s work when they choose to stay', async () => {
    const user = await open();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Lisbon');
    await user.click(screen.getByRole('link', { name: 'Your itineraries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(
      within(dialog).getByText('Your changes to this package are not saved. If you leave now, they are lost.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Lisbon');
    await user.click(screen.getByRole('link', { name: 'Your itineraries' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The manage page')).toBeTruthy();
  });
});
