import { imageBoxes } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import {
  CART_ERRORS,
  NO_ROOMS_MESSAGE,
  canAddTo,
  cartErrorText,
  missingForAdd,
  ratesInCart,
  stayLineItem,
} from '~/hotel/cart';
import { canonicalUrl, hotelMeta, notFoundMeta } from '~/hotel/meta';
import { shareImageUrl } from '~/lib/share-meta';
import { metaDescription } from '~/lib/share-meta';
import { meta } from '~/routes/hotel';
import { hotel, itinerary, itineraryWithRoom } from './fixtures';

const env = { publicUrl: 'https://travel.example/', imagesHost: 'https://img.example' };
const find = (tags: ReturnType<typeof hotelMeta>, key: string) =>
  tags.find((t) => ('property' in t && t.property === key) || ('name' in t && t.name === key) || key in t);

describe('the hotel page head (spec sections 2 and 9)', () => {
  it('has the title, description, canonical link and Open Graph tags from the hotel', () => {
    const tags = hotelMeta({ hotel: hotel(), ...env });
    expect(tags).toContainEqual({ title: 'Harbour House, Lisbon · TravelClub' });
    expect(tags).toContainEqual({
      name: 'description',
      content: 'A calm hotel by the river. Rooms look over the water.',
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://travel.example/hotel/harbour-house',
    });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://travel.example/hotel/harbour-house' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'website' });
    expect(tags).toContainEqual({ property: 'og:title', content: 'Harbour House, Lisbon · TravelClub' });
    expect(find(tags, 'og:description')).toBeTruthy();
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  it('adds ?creator={slug} to the canonical link when a creator is present, and nothing else', () => {
    const tags = hotelMeta({ hotel: hotel(), creator: 'anna-travels', ...env });
    const canonical = 'https://travel.example/hotel/harbour-house?creator=anna-travels';
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: canonical });
    expect(tags).toContainEqual({ property: 'og:url', content: canonical });
    expect((find(tags, 'title') as { title: string }).title).toContain('anna-travels');
    expect(canonicalUrl('https://travel.example', 'x', null)).toBe('https://travel.example/hotel/x');
  });

  it('shares the title image 600 px wide at 16:9, asked for in the box the image route serves for sharing', () => {
    const tags = hotelMeta({ hotel: hotel(), ...env });
    const url = shareImageUrl(env.imagesHost, 'h1-facade');
    const { w, h, q } = imageBoxes.share;
    expect(url).toBe(`https://img.example/api/v1/images/h1-facade?w=${w}&h=${h}&q=${q}`);
    expect(tags).toContainEqual({ property: 'og:image', content: url });
    expect(tags).toContainEqual({ property: 'og:image:width', content: '600' });
    expect(tags).toContainEqual({ property: 'og:image:height', content: '338' });
  });

  it('has no share image without a title image', () => {
    const tags = hotelMeta({ hotel: hotel({ titleImage: undefined }), ...env });
    expect(find(tags, 'og:image')).toBeUndefined();
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });

  it('cuts a long description at a word', () => {
    const text = metaDescription('word '.repeat(100));
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('word…')).toBe(true);
  });

  it("titles a missing hotel 'Hotel not found'", () => {
    expect(notFoundMeta()).toContainEqual({ title: 'Hotel not found' });
  });

  it('takes the public URL and images host from the root data in the route', () => {
    const root = {
      environmentVariables: { publicApiUrl: 'https://travel.example', imagesHost: 'https://img.example' },
    };
    const tags = meta({
      loaderData: { hotel: hotel(), creator: 'anna', searchId: null, stay: { kind: 'no-search' } },
      matches: [{ id: 'root', loaderData: root }],
    } as unknown as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://travel.example/hotel/harbour-house?creator=anna',
    });
    expect(meta({ loaderData: undefined, matches: [] } as unknown as Parameters<typeof meta>[0])).toContainEqual({
      title: 'Hotel not found',
    });
  });
});

describe('the cart rules (spec sections 4, 5 and 8)', () => {
  const complete = {
    hotelId: 'h1',
    roomType: 'standard',
    roomId: 'r1',
    searchId: 's1',
    checkIn: '2030-05-12',
    checkOut: '2030-05-14',
    currency: 'USD',
  };

  it('needs the hotel, room type and room id, search results and both dates before adding', () => {
    expect(missingForAdd(complete)).toBeNull();
    expect(missingForAdd({ ...complete, hotelId: '' })?.message).toBe('Hotel not found');
    expect(missingForAdd({ ...complete, roomType: '' })?.message).toBe('Room type not found');
    expect(missingForAdd({ ...complete, roomId: '' })?.message).toBe('Room type or room ID not found');
    for (const gap of [{ searchId: null }, { checkIn: null }, { checkOut: null }])
      expect(missingForAdd({ ...complete, ...gap })?.message).toBe('Search results or dates not found');
  });

  it.each([
    ['hotel-not-found', 'Hotel not found'],
    ['room-not-found', 'Room type or room ID not found'],
    ['room-type-not-found', 'Room type not found'],
    ['search-or-dates-not-found', 'Search results or dates not found'],
    ['token-not-found', 'Token not found'],
    ['hotel-booking-not-found', 'Itinerary or hotelBooking not found'],
    ['booking-not-found', 'existing booking not found'],
  ])('shows %s as the spec words it: %s', (code, text) => {
    expect(cartErrorText({ code, message: 'whatever the server said' })).toBe(text);
    expect(CART_ERRORS[code as keyof typeof CART_ERRORS]).toBe(text);
  });

  it('shows other refusals by their text, a validation by its detail, and anything else as unexpected', () => {
    expect(cartErrorText({ code: 'no-rooms-available', message: 'x' })).toBe(NO_ROOMS_MESSAGE);
    expect(cartErrorText({ code: 'itinerary-not-editable', message: 'This itinerary can no longer be changed.' })).toBe(
      'This itinerary can no longer be changed.',
    );
    expect(
      cartErrorText({
        code: 'validation-failed',
        message: 'x',
        details: [{ path: 'currency', message: 'Priced in EUR' }],
      }),
    ).toBe('Priced in EUR');
    expect(cartErrorText(new TypeError('Failed to fetch'))).toBe(
      'An unexpected error occurred, please try again later.',
    );
  });

  it('adds to the latest itinerary only while it is a draft', () => {
    expect(canAddTo(itinerary())).toBe(true);
    expect(canAddTo(itinerary({ status: 'pending_payment' }))).toBe(false);
    expect(canAddTo(null)).toBe(false);
  });

  it('finds the line item of the same hotel and stay', () => {
    const cart = itineraryWithRoom();
    expect(stayLineItem(cart, 'h1', '2030-05-12', '2030-05-14')?.identity).toBe('li1');
    expect(stayLineItem(cart, 'h1', '2030-05-12', '2030-05-15')).toBeUndefined();
    expect(stayLineItem(cart, 'h2', '2030-05-12', '2030-05-14')).toBeUndefined();
  });

  it("marks the rates in the itinerary, and drops them when the itinerary's currency differs", () => {
    const stay = { hotelId: 'h1', checkIn: '2030-05-12', checkOut: '2030-05-14', currency: 'USD' };
    expect([...ratesInCart(itineraryWithRoom(), stay)]).toEqual([
      ['r-std-saver', { lineItemId: 'li1', holdId: 'hold1' }],
    ]);
    expect(ratesInCart({ ...itineraryWithRoom(), currency: 'EUR' }, stay).size).toBe(0);
    expect(ratesInCart(null, stay).size).toBe(0);
  });
});
