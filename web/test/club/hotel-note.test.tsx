// A hotel opened from a club (`/hotel/{slug}?creator=`): the loader reads the club beside the rates and
// tolerates its absence; the head takes its title and share data from the recommendation and the creator's
// public name (spec section 2); the page shows the creator's note, and keeps the club on its links.
import { screen } from '@testing-library/react';
import { ApiError } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hotelClubOf } from '~/club/hotel-club';
import { loadHotelPage } from '~/hotel/load.server';
import { hotelMeta } from '~/hotel/meta';
import { availability, hotel } from '../hotel/fixtures';
import { pageData, renderHotel } from '../hotel/render';
import { answers, callsOf, notFoundError, resetServer } from './api';
import { club } from './fixtures';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);
vi.mock('~/lib/browser-api', () => ({}));

const request = (url: string) => new Request(`http://web.test${url}`);
const recommended = () => hotelClubOf(club(), 'h1');

beforeEach(() => {
  resetServer();
  answers['catalog.hotelBySlug'] = () => hotel();
});

describe('the hotel loader with a creator', () => {
  it('reads the club beside the rates, and keeps only its name, picture and recommendation of this hotel', async () => {
    answers['creator.clubView'] = () => club();
    answers['catalog.checkAvailability'] = () => availability();
    const data = await loadHotelPage(
      request('/hotel/harbour-house?searchId=search-123&creator=anna-old'),
      'harbour-house',
    );
    expect(callsOf('creator.clubView')).toEqual([{ params: { slug: 'anna-old' } }]);
    expect(data.club).toEqual({
      publicName: 'Anna Travels',
      slug: 'anna',
      picture: club().profile.creatorProfile.profilePicture,
      recommendation: {
        title: 'Stay number 1',
        text: 'Why I love hotel 1.\n\nThe breakfast alone is worth it.',
        cover: club().recommendations[0]!.coverImage,
      },
    });
    // An old slug in the link: the canonical link and the cart carry the current one.
    expect(data.creator).toBe('anna');
    expect(data.stay.kind).toBe('rates');
  });

  it('shows the page without the note when the club is unknown or the creator service does not answer', async () => {
    answers['creator.clubView'] = () => {
      throw notFoundError();
    };
    const unknown = await loadHotelPage(request('/hotel/harbour-house?creator=nobody'), 'harbour-house');
    expect(unknown).toMatchObject({ club: null, creator: 'nobody', stay: { kind: 'no-search' } });
    answers['creator.clubView'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    const down = await loadHotelPage(request('/hotel/harbour-house?creator=anna'), 'harbour-house');
    expect(down).toMatchObject({ club: null, creator: 'anna' });
  });

  it('asks nothing of the creator service without a creator', async () => {
    const data = await loadHotelPage(request('/hotel/harbour-house'), 'harbour-house');
    expect(callsOf('creator.clubView')).toEqual([]);
    expect(data.club).toBeNull();
  });

  it("knows a club that does not recommend the hotel: no recommendation, still the creator's name", () => {
    expect(hotelClubOf(club(), 'h-other')).toMatchObject({ publicName: 'Anna Travels', recommendation: null });
  });
});

describe('the hotel head from a recommendation (spec section 2)', () => {
  const env = { publicUrl: 'https://travel.example', imagesHost: 'https://img.example' };
  const find = (tags: ReturnType<typeof hotelMeta>, key: string) =>
    (
      tags.find((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key)) as
        { content: string } | undefined
    )?.content;

  it("titles and shares the page with the recommendation and the creator's public name", () => {
    const tags = hotelMeta({ hotel: hotel(), creator: 'anna', club: recommended(), ...env });
    const title = 'Stay number 1 · Harbour House, Lisbon · recommended by Anna Travels on TravelClub';
    expect(tags).toContainEqual({ title });
    expect(find(tags, 'og:title')).toBe(title);
    expect(find(tags, 'twitter:title')).toBe(title);
    expect(find(tags, 'description')).toBe('Why I love hotel 1. The breakfast alone is worth it.');
    expect(find(tags, 'og:description')).toBe('Why I love hotel 1. The breakfast alone is worth it.');
    expect(find(tags, 'og:image')).toBe('https://travel.example/api/v1/media/cover-1/600.jpg');
    expect(find(tags, 'og:image:width')).toBe('600');
    expect(find(tags, 'twitter:card')).toBe('summary_large_image');
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://travel.example/hotel/harbour-house?creator=anna',
    });
  });

  it("falls back to the hotel's words and picture where the recommendation has none", () => {
    const bare = { ...recommended(), recommendation: { title: 'Quiet', text: '' } };
    const tags = hotelMeta({ hotel: hotel(), creator: 'anna', club: bare, ...env });
    expect(find(tags, 'description')).toBe('A calm hotel by the river. Rooms look over the water.');
    expect(find(tags, 'og:image')).toMatch(/^https:\/\/img\.example\/api\/v1\/images\/h1-facade\?/);
  });

  it('names the club the page was opened from when its creator does not recommend the hotel', () => {
    const tags = hotelMeta({ hotel: hotel(), creator: 'anna', club: hotelClubOf(club(), 'h-other'), ...env });
    expect(tags).toContainEqual({ title: "Harbour House, Lisbon · from Anna Travels' club on TravelClub" });
  });
});

describe("the hotel page's creator note", () => {
  it('says who recommends the hotel, with their title and words, and the way back to the club', async () => {
    renderHotel(() => pageData({ creator: 'anna', club: recommended() }), {
      url: '/hotel/harbour-house?searchId=search-123&creator=anna',
    });
    const note = await screen.findByRole('complementary', { name: 'Recommended by Anna Travels' });
    expect(note.textContent).toContain('Stay number 1');
    expect(screen.getByText('Why I love hotel 1.')).toBeTruthy();
    expect(screen.getByText('The breakfast alone is worth it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Visit Anna Travels' club" }).getAttribute('href')).toBe('/user/anna');
    // The way back to the results keeps the club, so a room added later is still the creator's booking.
    expect(screen.getByRole('link', { name: 'Back to results' }).getAttribute('href')).toBe(
      '/search?searchId=search-123&creator=anna',
    );
  });

  it('says which club the visitor is browsing from when the creator does not recommend this hotel', async () => {
    renderHotel(() => pageData({ creator: 'anna', club: hotelClubOf(club(), 'h-other') }));
    expect(await screen.findByText(/You're browsing from Anna Travels' club\./)).toBeTruthy();
    expect(screen.queryByText('Recommended by Anna Travels')).toBeNull();
  });

  it('shows no note without a club', async () => {
    renderHotel(() => pageData());
    await screen.findByRole('heading', { level: 1, name: 'Harbour House' });
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
