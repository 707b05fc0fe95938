// Test data for the hotel page: a hotel as the catalog answers it, an availability answer, an itinerary.
import type {
  AvailabilityAnswer,
  AvailableRoomType,
  HotelView,
  ImageAsset,
  Itinerary,
  Money,
  RateOffer,
} from '@travelclub/contracts';

const IMAGES = 'https://img.example';
export const image = (publicId: string): ImageAsset => ({
  provider: 'demo',
  publicId,
  links: {
    original: `${IMAGES}/api/v1/images/${publicId}?w=3000&h=3000&q=90`,
    '200px': `${IMAGES}/api/v1/images/${publicId}?w=400&h=400&q=90`,
    '600px': `${IMAGES}/api/v1/images/${publicId}?w=600&h=600&q=90`,
  },
});

export const usd = (amount: number, currency = 'USD'): Money => ({ amount, currency });

export function hotel(overrides: Partial<HotelView> = {}): HotelView {
  return {
    id: 'h1',
    name: 'Harbour House',
    slug: 'harbour-house',
    titleImage: image('h1-facade'),
    address: { line1: '1 Quay Street', city: 'Lisbon', postalCode: '1100-001', countryCode: 'PT' },
    addressLine: '1 Quay Street, 1100-001 Lisbon, PT',
    coordinates: { latitude: 38.7, longitude: -9.1 },
    description: 'A calm hotel by the river.\nRooms look over the water.',
    images: [image('h1-facade'), image('h1-lobby'), image('h1-room')],
    facilities: [
      { group: 'parking', name: 'Private parking' },
      { group: 'check-in-out', name: 'Check-in from 15:00' },
      { group: 'property', name: 'Rooftop pool' },
    ],
    additionalInformation: 'Breakfast is served from 7.',
    childAndExtraBedPolicy: 'Children of all ages are welcome.',
    importantNotice: undefined,
    ratingSummary: { score: 8.6, reviewCount: 1234 },
    reviewRating: 8.6,
    starRating: 4,
    hotelLocation: undefined,
    providerReference: { provider: 'demo', id: 'p1' },
    roomTypes: [],
    destinationId: 'city-2267057',
    likes: 0,
    ...overrides,
  };
}

const FUTURE = '2030-01-01T00:00:00.000Z';

export function rate(id: string, amount: number, options: { free?: boolean; currency?: string } = {}): RateOffer {
  const currency = options.currency ?? 'USD';
  return {
    id,
    rateName: `Rate ${id}`,
    benefits: ['Breakfast included'],
    cancellationPolicyText: options.free ? 'Free cancellation until 1 Jan' : 'Non-refundable',
    cancellationCharges: options.free
      ? [
          { from: '2029-12-01T00:00:00.000Z', amount: usd(0, currency) },
          { from: FUTURE, amount: usd(amount, currency) },
        ]
      : [{ from: '2029-12-01T00:00:00.000Z', amount: usd(amount, currency) }],
    surcharges: [],
    totalPrice: usd(amount, currency),
    booked: false,
    extraBeds: 0,
    roomTypeName: 'Room',
    cancellationPolicy: { charge: usd(0, currency), policyText: '' },
    offers: [],
    promotions: [],
    tags: options.free ? ['Free Cancellation'] : [],
  };
}

export function roomType(type: string, rooms: RateOffer[], roomsLeft = 5): AvailableRoomType {
  return {
    type,
    name: `${type[0]!.toUpperCase()}${type.slice(1)} room`,
    images: [],
    maxGuests: 2,
    roomDetails: '',
    providerReference: { provider: 'demo', id: type },
    rooms,
    roomsLeft,
  };
}

export function availability(overrides: Partial<AvailabilityAnswer> = {}): AvailabilityAnswer {
  return {
    hotelId: 'h1',
    searchId: 'search-123',
    checkIn: '2030-05-12',
    checkOut: '2030-05-14',
    guests: 2,
    rooms: 1,
    currency: 'USD',
    exchangeRates: { snapshotId: 's1', asOf: '2026-01-01T00:00:00.000Z', base: 'USD' },
    roomTypes: [
      roomType('standard', [rate('r-std-flex', 30000, { free: true }), rate('r-std-saver', 24000)]),
      roomType('deluxe', [rate('r-dlx', 41000)]),
    ],
    ...overrides,
  };
}

export function itinerary(overrides: Partial<Itinerary> = {}): Itinerary {
  return {
    id: 'it1',
    reference: 'TC-7K3M9QXB',
    title: '',
    currency: 'USD',
    status: 'draft',
    ownerId: 'u1',
    lineItems: [],
    total: usd(0),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The itinerary with one room of this page's stay in it. */
export function itineraryWithRoom(rateId = 'r-std-saver', amount = 24000): Itinerary {
  return itinerary({
    lineItems: [
      {
        identity: 'li1',
        checkInDate: '2030-05-12',
        checkOutDate: '2030-05-14',
        hotelBooking: {
          hotelId: 'h1',
          hotelName: 'Harbour House',
          rooms: [
            {
              roomType: { type: 'standard', name: 'Standard room' },
              rateId,
              rateName: `Rate ${rateId}`,
              rooms: 1,
              totalPrice: usd(amount),
              cancellationPolicyText: 'Non-refundable',
              cancellationCharges: [],
              holdId: 'hold1',
              holdStatus: 'held',
              holdExpiresAt: '2030-01-01T00:00:00.000Z',
            },
          ],
        },
      },
    ],
    total: usd(amount),
  });
}
