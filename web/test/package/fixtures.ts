// Test data for the package page: an active package of five days (two hotels: three nights in Lisbon, one in
// Porto, a last day without a night) with its hotels' cards, the creator's public profile, the page's data.
import { getLocalTimeZone, today } from '@internationalized/date';
import type { ImageAsset, PricedHotelSummary, PublicProfile } from '@travelclub/contracts';
import type { PackagePageData, PackageWithHotels } from '~/package/package-facts';

/** A date `days` from today in the visitor's calendar, as the API writes dates. */
export const inDays = (days: number) => today(getLocalTimeZone()).add({ days }).toString();

/** Three departures a fortnight apart, the first some weeks ahead. */
export const DEPARTURES = [inDays(40), inDays(54), inDays(68)];

const MEDIA = 'https://travel.example/api/v1/media';
export const photo = (publicId: string): ImageAsset => ({
  provider: 'local',
  publicId,
  links: {
    original: `${MEDIA}/${publicId}/original.jpg`,
    '200px': `${MEDIA}/${publicId}/200.jpg`,
    '600px': `${MEDIA}/${publicId}/600.jpg`,
  },
});

function hotelCard(id: string, name: string, city: string, stars: number): PricedHotelSummary {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    titleImage: photo(`${id}-title`),
    address: { line1: '1 Main Street', city, countryCode: 'PT' },
    addressLine: `1 Main Street, ${city}, PT`,
    coordinates: { latitude: 38.7, longitude: -9.1 },
    starRating: stars,
    reviewRating: 8.4,
    destinationId: 'city-2267057',
    likes: 3,
    cheapestRate: null,
    fromPrice: { amount: 12000, currency: 'USD' },
  } as PricedHotelSummary;
}

export const harbour = hotelCard('h1', 'Harbour House', 'Lisbon', 4);
export const riverside = hotelCard('h2', 'Riverside Inn', 'Porto', 3);

export function aPackage(overrides: Partial<PackageWithHotels> = {}): PackageWithHotels {
  return {
    id: 'pkg-1',
    userId: 'creator-1',
    title: 'Lisbon and Porto by the water',
    summary: 'Five slow days between two river cities.\n\nEvery night in a hand-picked hotel.',
    cover: photo('pkg-cover'),
    gallery: [photo('pkg-tram'), photo('pkg-tiles')],
    days: [
      {
        title: 'Arrive in Lisbon',
        text: 'Settle in by the river.',
        activities: ['Sunset at the miradouro'],
        stay: { hotelId: 'h1', roomType: 'double' },
      },
      {
        title: 'Alfama on foot',
        text: '',
        activities: ['Tram 28', 'Fado evening'],
        stay: { hotelId: 'h1', roomType: 'double' },
      },
      { title: 'Sintra', text: 'A day in the hills.', activities: [], stay: { hotelId: 'h1', roomType: 'double' } },
      {
        title: 'Train to Porto',
        text: 'Three hours along the coast.',
        activities: [],
        stay: { hotelId: 'h2', roomType: 'twin' },
      },
      { title: 'Home', text: '', activities: [] },
    ],
    nights: 4,
    stays: [
      { hotelId: 'h1', roomType: 'double', night: 0, nights: 3 },
      { hotelId: 'h2', roomType: 'twin', night: 3, nights: 1 },
    ],
    pricing: { kind: 'perPerson', price: { amount: 125000, currency: 'EUR' } },
    offeredDates: { kind: 'dates', dates: DEPARTURES },
    capacity: 4,
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    hotels: [harbour, riverside],
    ...overrides,
  };
}

export function aProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    userId: 'creator-1',
    publicName: 'Anna Travels',
    slug: 'anna',
    creatorProfile: {},
    verified: true,
    ...overrides,
  } as PublicProfile;
}

export const pageData = (overrides: Partial<PackageWithHotels> = {}): PackagePageData => ({
  travelPackage: aPackage(overrides),
  creator: { slug: 'anna', publicName: 'Anna Travels' },
});
