// Catalog answers for the search tests: destinations, hotels, a page of a stored search.
import type { Destination, HotelResult, Itinerary, SearchPage } from '@travelclub/contracts';

export const paris: Destination = {
  id: 'city-2988507',
  name: 'Paris',
  locationType: 'city',
  countryCode: 'FR',
  label: 'Paris, France',
  hotelCount: 120,
};
export const france: Destination = {
  id: 'country-FR',
  name: 'France',
  locationType: 'country',
  countryCode: 'FR',
  label: 'France',
  hotelCount: 900,
};
export const ritz: Destination = {
  id: 'hotel-h42',
  name: 'Hotel Paradis',
  locationType: 'hotel',
  countryCode: 'FR',
  label: 'Hotel Paradis, Paris',
  hotelCount: 1,
};

const image = (id: string) => ({
  provider: 'demo',
  publicId: id,
  links: {
    original: `http://img.test/api/v1/images/${id}?w=3000&h=3000&q=90`,
    '200px': `http://img.test/api/v1/images/${id}?w=400&h=400&q=90`,
    '600px': `http://img.test/api/v1/images/${id}?w=600&h=600&q=90`,
  },
});

export function hotel(n: number, rate: HotelResult['cheapestRate'] | undefined = undefined): HotelResult {
  return {
    id: `h${n}`,
    name: `Hotel Number ${n}`,
    slug: `hotel-number-${n}`,
    titleImage: image(`img-${n}`),
    address: { line1: `${n} Rue de Rivoli`, city: 'Paris', postalCode: '75001', countryCode: 'FR' },
    addressLine: `${n} Rue de Rivoli, 75001 Paris, FR`,
    coordinates: { latitude: 48.86, longitude: 2.35 },
    starRating: 4,
    reviewRating: 8.6,
    ratingSummary: { score: 8.6, reviewCount: 1234 },
    destinationId: paris.id,
    likes: 3,
    cheapestRate:
      rate === undefined
        ? {
            rateId: `r${n}`,
            rateName: 'Room only',
            roomTypeName: 'Double Room',
            totalPrice: { amount: 45_650 + n * 100, currency: 'EUR' },
            freeCancellation: n % 2 === 1,
          }
        : rate,
  };
}

export function searchPage(overrides: Partial<SearchPage> = {}): SearchPage {
  return {
    searchId: 'search-abc123',
    criteria: {
      destination: paris.id,
      checkIn: '2030-06-12',
      checkOut: '2030-06-15',
      guests: 2,
      rooms: 1,
      currency: 'EUR',
    },
    exchangeRates: { snapshotId: 'ecb', asOf: '2026-11-20T16:00:00.000Z', base: 'USD' },
    total: 40,
    take: 15,
    skip: 0,
    hotels: [hotel(1), hotel(2), hotel(3, null)],
    ...overrides,
  };
}

export function itinerary(overrides: Partial<Itinerary> = {}): Itinerary {
  return {
    id: 'it-77',
    reference: 'TC-7K3M9QXC',
    title: 'Trip to Paris',
    currency: 'EUR',
    status: 'draft',
    ownerId: 'u1',
    lineItems: [
      {
        identity: 'li-1',
        checkInDate: '2030-06-12',
        checkOutDate: '2030-06-15',
        hotelBooking: {
          hotelId: 'h1',
          hotelName: 'Hotel Number 1',
          rooms: [{}] as never,
        },
      },
    ],
    total: { amount: 45_750, currency: 'EUR' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
