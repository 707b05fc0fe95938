// Recommending a stay (/dashboard/stays/add) and editing one (/dashboard/stays/{hotelId}): the hotel searched in
// the catalog, title and text with their counters and rules, photos with previews, the save with its progress,
// the server's refusals in its own words, and the whole of it with the keyboard alone.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Destination } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answers,
  aStay,
  callsOf,
  objectUrls,
  photo,
  refusal,
  renderStays,
  resetApi,
  stubObjectUrls,
  uploads,
  withPhotos,
  type UploadOptions,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const MB = 1024 * 1024;
const aurora: Destination = {
  id: 'hotel-h9',
  name: 'Hotel Aurora',
  locationType: 'hotel',
  countryCode: 'PT',
  label: 'Hotel Aurora, Lisbon, Portugal',
  hotelCount: 1,
};
const lisbon: Destination = {
  id: 'city-2267057',
  name: 'Lisbon',
  locationType: 'city',
  countryCode: 'PT',
  label: 'Lisbon, Portugal',
  hotelCount: 2,
};

beforeEach(() => {
  resetApi();
  stubObjectUrls();
  answers['creator.myRecommendations'] = () => ({ recommendations: [aStay({ hotelId: 'h1' })] });
  answers['catalog.autocomplete'] = ({ query }) => ({ query: query.query, destinations: [aurora, lisbon] });
});

const hotelBox = () => screen.getByRole('combobox', { name: 'Hotel' });
const title = () => screen.getByRole('textbox', { name: 'Title' });
const text = () => screen.getByRole('textbox', { name: 'Why you recommend it' });
const save = () => screen.getByRole('button', { name: 'Recommend this stay' });
const fileInput = (button: string) =>
  screen.getByRole('button', { name: button }).parentElement!.querySelector<HTMLInputElement>('input[type=file]')!;

async function openNew() {
  const user = userEvent.setup({ applyAccept: false });
  renderStays('/dashboard/stays/add');
  await screen.findByRole('heading', { level: 1, name: 'Recommend a stay' });
  return user;
}

async function pickAurora(user: ReturnType<typeof userEvent.setup>) {
  await user.type(hotelBox(), 'Auro');
  await user.click(await screen.findByRole('option', { name: /Hotel Aurora, Lisbon, Portugal/ }));
}

/** The upload answers with the saved stay, after telling its progress. */
function savedAs(fields: Partial<ReturnType<typeof aStay>> = {}) {
  answers['creator.recommendHotel'] = (input: { params: { id: string } }, { options }: { options: UploadOptions }) => {
    options.onProgress?.(1);
    return aStay({ hotelId: input.params.id, ...fields });
  };
}

describe('recommending a stay with the keyboard alone', () => {
  it('finds the hotel, writes the words and saves with Tab, typing, arrow keys and Enter', async () => {
    savedAs({ recommendationTitle: 'Sunset views' });
    const user = await openNew();
    await user.tab();
    expect(document.activeElement).toBe(hotelBox());
    await user.keyboard('Auro');
    await screen.findByRole('option', { name: /Hotel Aurora, Lisbon, Portugal/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(hotelBox()).toHaveProperty('value', 'Hotel Aurora, Lisbon, Portugal');
    await user.tab();
    expect(document.activeElement).toBe(title());
    await user.keyboard('Sunset views');
    await user.tab();
    expect(document.activeElement).toBe(text());
    await user.keyboard('Ask for the top floor.');
    // The three photo buttons are on the way, each reachable.
    for (const name of ['Choose a cover photo', 'Choose a tile photo', 'Add photos']) {
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name }));
    }
    await user.tab();
    expect(document.activeElement).toBe(save());
    await user.keyboard('{Enter}');

    expect(await screen.findByText('“Sunset views” is now recommended on your club.')).toBeTruthy();
    const [sent] = uploads();
    expect(sent!.input).toEqual({ params: { id: 'h9' } });
    expect(Object.fromEntries(sent!.form.entries())).toEqual({ title: 'Sunset views', text: 'Ask for the top floor.' });
  });

  it('offers a place’s hotels to choose from with the arrow keys', async () => {
    savedAs();
    answers['catalog.listHotels'] = () => ({
      destination: lisbon,
      total: 2,
      take: 20,
      skip: 0,
      hotels: [
        { id: 'h7', name: 'Casa Azul', addressLine: 'Rua A 1, Lisbon' },
        { id: 'h8', name: 'Palácio Verde', addressLine: 'Rua B 2, Lisbon' },
      ].map((h) => ({
        ...h,
        slug: h.id,
        address: { line1: 'x', city: 'Lisbon', countryCode: 'PT' },
        coordinates: { lat: 38.7, lng: -9.1 },
        ratingSummary: undefined,
        destinationId: lisbon.id,
        likes: 0,
      })),
    });
    const user = await openNew();
    await user.tab();
    await user.keyboard('Lis');
    await screen.findByRole('option', { name: /^Lisbon, Portugal/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const hotels = await screen.findByRole('radiogroup', { name: 'Hotels in Lisbon, Portugal' });
    expect(callsOf('catalog.listHotels')).toEqual([{ body: { destination: 'city-2267057', take: 20 } }]);
    await user.tab();
    expect(document.activeElement).toBe(within(hotels).getByRole('radio', { name: /Casa Azul/ }));
    await user.keyboard('{ArrowDown}');
    expect(within(hotels).getByRole('radio', { name: /Palácio Verde/ })).toHaveProperty('checked', true);
    await user.tab();
    await user.keyboard('Green palace');
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByText('“Sunset views” is now recommended on your club.');
    expect(uploads()[0]!.input).toEqual({ params: { id: 'h8' } });
  });
});

describe('the form’s rules', () => {
  it('asks for the hotel and a title before anything is sent, and puts the keyboard on the first', async () => {
    const user = await openNew();
    await user.click(save());
    expect(await screen.findByText('Choose the hotel you recommend.')).toBeTruthy();
    expect(screen.getByText('Give your recommendation a title')).toBeTruthy();
    expect(document.activeElement).toBe(hotelBox());
    expect(hotelBox().getAttribute('aria-invalid')).toBe('true');
    expect(uploads()).toHaveLength(0);
  });

  it('asks for a title once the creator leaves it empty, not before', async () => {
    const user = await openNew();
    await user.click(title());
    expect(screen.queryByText('Give your recommendation a title')).toBeNull();
    await user.tab();
    expect(screen.getByText('Give your recommendation a title')).toBeTruthy();
  });

  it('counts the title and text as they are typed and says at once when one is too long', async () => {
    const user = await openNew();
    const titleField = title().closest('.field') as HTMLElement;
    expect(within(titleField).getByText('0 / 80')).toBeTruthy();
    await user.type(title(), 'Sunset views');
    expect(within(titleField).getByText('12 / 80')).toBeTruthy();
    expect(title().getAttribute('aria-describedby')).toBeTruthy();
    await user.clear(title());
    await user.click(title());
    await user.paste('x'.repeat(81));
    expect(within(titleField).getByText('81 / 80')).toBeTruthy();
    expect(within(titleField).getByText('Use at most 80 characters')).toBeTruthy();

    const textField = text().closest('.field') as HTMLElement;
    await user.click(text());
    await user.paste('y'.repeat(2_000));
    expect(within(textField).getByText('2,000 / 2,000')).toBeTruthy();
    expect(within(textField).queryByText('Use at most 2,000 characters')).toBeNull();
    await user.type(text(), 'z');
    expect(within(textField).getByText('2,001 / 2,000')).toBeTruthy();
    expect(within(textField).getByText('Use at most 2,000 characters')).toBeTruthy();

    await pickAurora(user);
    await user.click(save());
    expect(uploads()).toHaveLength(0);
  });

  it('says when the picked hotel is already one of the creator’s stays, with a link to edit it', async () => {
    answers['catalog.autocomplete'] = () => ({ query: 'x', destinations: [{ ...aurora, id: 'hotel-h1' }] });
    const user = await openNew();
    await pickAurora(user);
    expect(
      await screen.findByText(/You already recommend this hotel: saving replaces that recommendation./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit it instead' }).getAttribute('href')).toBe('/dashboard/stays/h1');
  });
});

describe('photos', () => {
  it('previews the chosen cover and tile, replaces and removes them, and gives back their preview addresses', async () => {
    const user = await openNew();
    await user.upload(fileInput('Choose a cover photo'), photo('beach.jpg', 'image/jpeg', 3 * MB));
    const cover = screen.getByRole('group', { name: 'Cover photo' });
    const preview = await within(cover).findByRole('img', { name: 'Preview of beach.jpg' });
    expect(preview.getAttribute('src')).toBe('blob:preview/1/beach.jpg');
    expect(within(cover).getByText('(3.0 MB)')).toBeTruthy();
    await user.upload(fileInput('Choose a cover photo'), photo('pool.png', 'image/png'));
    expect(await within(cover).findByRole('img', { name: 'Preview of pool.png' })).toBeTruthy();
    expect(within(cover).queryByRole('img', { name: 'Preview of beach.jpg' })).toBeNull();
    expect(objectUrls.revoked).toContain('blob:preview/1/beach.jpg');
    await user.click(within(cover).getByRole('button', { name: 'Remove pool.png' }));
    expect(within(cover).queryByRole('img')).toBeNull();
    expect(objectUrls.revoked).toEqual(objectUrls.made);
  });

  it('adds up to 12 more photos, refusing other types, files over 10 MB and the thirteenth', async () => {
    const user = await openNew();
    const more = screen.getByRole('group', { name: 'More photos' });
    await user.upload(fileInput('Add photos'), [
      photo('anim.gif', 'image/gif'),
      photo('huge.jpg', 'image/jpeg', 11 * MB),
      photo('ok.webp', 'image/webp'),
    ]);
    expect(await within(more).findByRole('img', { name: 'Preview of ok.webp' })).toBeTruthy();
    const alert = within(more).getByRole('alert');
    expect(alert.textContent).toContain('“anim.gif” is not a JPEG, PNG, WebP or AVIF image.');
    expect(alert.textContent).toContain('“huge.jpg” is larger than 10 MB. Please choose a smaller photo.');
    await user.upload(
      fileInput('Add photos'),
      Array.from({ length: 12 }, (_, i) => photo(`room-${i}.jpg`)),
    );
    expect(within(more).getAllByRole('img')).toHaveLength(12);
    expect(within(more).getByText('12 of 12 photos')).toBeTruthy();
    expect(within(more).getByRole('alert').textContent).toBe(
      'You can add at most 12 photos. Remove one to add another.',
    );
    expect(screen.getByRole('button', { name: 'Add photos' }).getAttribute('disabled')).not.toBeNull();
    await user.click(within(more).getByRole('button', { name: 'Remove ok.webp' }));
    expect(within(more).getByText('11 of 12 photos')).toBeTruthy();
  });

  it('keeps one upload under 32 MB', async () => {
    const user = await openNew();
    await user.upload(
      fileInput('Add photos'),
      [1, 2, 3, 4].map((i) => photo(`big-${i}.jpg`, 'image/jpeg', 9 * MB)),
    );
    expect(
      await screen.findByText('Your photos come to more than 32 MB together. Please choose fewer or smaller ones.'),
    ).toBeTruthy();
    await pickAurora(user);
    await user.type(title(), 'Big');
    await user.click(save());
    expect(uploads()).toHaveLength(0);
  });

  it('sends the photos with the words, showing the upload’s progress, then where it went', async () => {
    let progress: (sent: number) => void = () => undefined;
    let finish: (value: unknown) => void = () => undefined;
    answers['creator.recommendHotel'] = (_input: unknown, { options }: { options: UploadOptions }) => {
      progress = options.onProgress!;
      return new Promise((resolve) => (finish = resolve));
    };
    const user = await openNew();
    await pickAurora(user);
    await user.type(title(), 'Sunset views');
    await user.upload(fileInput('Choose a cover photo'), photo('cover.jpg'));
    await user.upload(fileInput('Choose a tile photo'), photo('tile.png', 'image/png'));
    await user.upload(fileInput('Add photos'), [photo('a.jpg'), photo('b.avif', 'image/avif')]);
    await user.click(save());
    act(() => progress(0.4));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading your photos' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.textContent).toContain('40%');
    expect(save().querySelector('.spinner')).not.toBeNull();
    act(() => progress(1));
    expect(await screen.findByRole('progressbar', { name: 'Preparing your photos…' })).toBeTruthy();
    const form = uploads()[0]!.form;
    expect((form.get('cover') as File).name).toBe('cover.jpg');
    expect((form.get('tile') as File).name).toBe('tile.png');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.jpg', 'b.avif']);
    await act(async () => finish(aStay({ hotelId: 'h9', recommendationTitle: 'Sunset views' })));
    expect(await screen.findByText('“Sunset views” is now recommended on your club.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your recommended stays' })).toBeTruthy();
  });
});

describe('the server’s refusals', () => {
  async function refusedWith(err: unknown) {
    answers['creator.recommendHotel'] = () => {
      throw err;
    };
    const user = await openNew();
    await pickAurora(user);
    await user.type(title(), 'Sunset views');
    await user.click(save());
    return user;
  }

  it.each([
    [
      'a file that is no image (415)',
      refusal(415, 'image-type-not-allowed', 'Please upload a JPEG, PNG, WebP or AVIF image.'),
    ],
    [
      'a photo too large (413)',
      refusal(413, 'image-too-large', 'The image is too large. Please upload one under 10 MB and 40 megapixels.'),
    ],
    ['an upload too large (413)', refusal(413, 'payload-too-large', 'The request is too large.')],
    [
      'the club’s limit (409)',
      refusal(
        409,
        'recommendation-limit-reached',
        'A club shows at most 50 recommended stays. Withdraw one to recommend another.',
      ),
    ],
  ])('shows %s in the API’s words and keeps the form', async (_name, err) => {
    await refusedWith(err);
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${err.message}`);
    expect(title()).toHaveProperty('value', 'Sunset views');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('puts a validation refusal’s messages on its fields', async () => {
    await refusedWith(
      refusal(400, 'validation-failed', 'The request is not valid.', [
        { path: 'title', message: 'Too short for the server' },
      ]),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorPlease check the fields marked below.');
    expect(within(title().closest('.field') as HTMLElement).getByText('Too short for the server')).toBeTruthy();
    expect(document.activeElement).toBe(title());
  });

  it('says when the hotel left the catalog', async () => {
    await refusedWith(refusal(404, 'hotel-not-found', 'Hotel not found'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorHotel not found. It may have left the catalog: please choose another.',
    );
  });

  it('says when TravelClub could not be reached', async () => {
    await refusedWith(refusal(0, undefined as never, 'PUT failed'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorWe could not reach TravelClub. Check your connection and try again.',
    );
  });
});

describe('editing a stay', () => {
  beforeEach(() => {
    const stay = withPhotos(aStay({ hotelId: 'h1', recommendationTitle: 'Sunset views' }));
    answers['creator.myRecommendations'] = () => ({ recommendations: [stay] });
    answers['creator.readRecommendation'] = () => stay;
    answers['catalog.hotel'] = () => ({ id: 'h1', name: 'Hotel Aurora', addressLine: 'Rua A 1, Lisbon' });
  });

  it('starts from the stored words and photos of that hotel, and saves only what changed', async () => {
    savedAs({ recommendationTitle: 'Sunrise views' });
    const user = userEvent.setup();
    renderStays('/dashboard/stays/h1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your stay' })).toBeTruthy();
    await waitFor(() => expect(title()).toHaveProperty('value', 'Sunset views'));
    expect(callsOf('creator.readRecommendation')).toEqual([{ params: { id: 'h1', recommendationId: 'rec-h1' } }]);
    expect(await screen.findByText('Hotel Aurora, Rua A 1, Lisbon')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Hotel' })).toBeNull();
    expect(text()).toHaveProperty('value', 'Ask for a room on the top floor.');
    expect(screen.getByRole('img', { name: 'Your current cover photo' }).getAttribute('src')).toBe(
      'https://img.test/h1-cover/200.jpg',
    );
    expect(screen.getAllByRole('img', { name: /Your current photos/ })).toHaveLength(2);
    await user.upload(fileInput('Add photos'), photo('new.jpg'));
    expect(screen.getByText('Saving replaces your current photos.')).toBeTruthy();

    await user.clear(title());
    await user.type(title(), 'Sunrise views');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes to “Sunrise views” are saved.')).toBeTruthy();
    const form = uploads()[0]!.form;
    expect([...form.keys()]).toEqual(['title', 'text', 'images']);
    expect(uploads()[0]!.input).toEqual({ params: { id: 'h1' } });
  });

  it('says when the creator does not recommend that hotel', async () => {
    renderStays('/dashboard/stays/h404');
    expect(
      await screen.findByText(
        'You do not recommend this hotel. It may have been deleted, or the link is not quite right.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recommend a stay' }).getAttribute('href')).toBe('/dashboard/stays/add');
    expect(callsOf('creator.readRecommendation')).toHaveLength(0);
  });
});
