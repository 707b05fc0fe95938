// Test data for the club pages: a club view as the creator service answers it (a verified creator with a hero,
// two recommended stays in two cities, a trip and a guide), and the pieces to vary it.
import type { ClubView, Guide, ImageAsset } from '@travelclub/contracts';

const MEDIA = 'https://travel.example/api/v1/media';
export const media = (publicId: string): ImageAsset => ({
  provider: 'local',
  publicId,
  links: {
    original: `${MEDIA}/${publicId}/original.jpg`,
    '200px': `${MEDIA}/${publicId}/200.jpg`,
    '600px': `${MEDIA}/${publicId}/600.jpg`,
  },
});

const AT = '2026-01-10T10:00:00.000Z';

type Stay = ClubView['recommendations'][number];

export function stay(n: number, overrides: Partial<Stay> = {}, city = 'Lisbon', destinationId = 'city-lisbon'): Stay {
  return {
    id: `rec-${n}`,
    hotelId: `h${n}`,
    userId: 'creator-1',
    recommendationTitle: `Stay number ${n}`,
    recommendationText: `Why I love hotel ${n}.\n\nThe breakfast alone is worth it.`,
    coverImage: media(`cover-${n}`),
    tileImage: media(`tile-${n}`),
    images: [],
    isActive: true,
    position: n,
    createdAt: AT,
    updatedAt: AT,
    hotel: {
      id: `h${n}`,
      name: `Hotel ${n}`,
      slug: `hotel-${n}`,
      titleImage: media(`hotel-${n}`),
      address: { line1: '1 Quay Street', city, postalCode: '1100-001', countryCode: 'PT' },
      addressLine: `1 Quay Street, ${city}, PT`,
      coordinates: { latitude: 38.7, longitude: -9.1 },
      starRating: 4,
      reviewRating: 8.6,
      ratingSummary: { score: 8.6, reviewCount: 120 },
      destinationId,
      likes: 3,
      cheapestRate: null,
      fromPrice: { amount: 12_000, currency: 'EUR' },
    },
    ...overrides,
  };
}

export function club(overrides: Partial<ClubView> = {}, profile: Partial<ClubView['profile']> = {}): ClubView {
  return {
    profile: {
      userId: 'creator-1',
      publicName: 'Anna Travels',
      slug: 'anna',
      verified: true,
      creatorProfile: {
        heroImage: media('hero'),
        profilePicture: media('face'),
        bio: 'Slow travel, good coffee and small hotels.\n\nBased in Lisbon.',
        links: [
          { label: 'Instagram', url: 'https://instagram.example/anna' },
          { label: 'Bad', url: 'javascript:alert(1)' },
        ],
      },
      ...profile,
    },
    recommendations: [stay(1), stay(2, {}, 'Porto', 'city-porto'), stay(3)],
    packages: [
      {
        id: 'pkg-1',
        title: 'Seven days of Portugal',
        summary: 'From Lisbon to Porto by train.',
        cover: media('pkg-cover'),
        nights: 6,
        pricing: { kind: 'perPerson', price: { amount: 89_900, currency: 'EUR' } },
        offeredDates: { kind: 'dates', dates: ['2030-05-01', '2030-06-01'] },
        capacity: 4,
      },
    ],
    guides: [
      {
        id: 'guide-1',
        title: 'A weekend in Lisbon',
        summary: 'Trams, tiles and pastries.',
        cover: media('guide-cover'),
        publishedAt: '2026-03-03T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export const emptyClub = () => club({ recommendations: [], packages: [], guides: [] });

export function guide(overrides: Partial<Guide> = {}): Guide {
  return {
    id: 'guide-1',
    userId: 'creator-1',
    title: 'A weekend in Lisbon',
    summary: 'Trams, tiles and pastries.',
    cover: media('guide-cover'),
    status: 'published',
    createdAt: AT,
    updatedAt: AT,
    publishedAt: AT,
    days: [
      {
        title: 'Alfama',
        places: [{ name: 'Miradouro de Santa Luzia' }],
        blocks: [
          { type: 'paragraph', text: 'Start early, before the trams fill up.' },
          { type: 'heading', text: 'Where to sleep', level: 2 },
          { type: 'hotel', hotelId: 'h1' },
          { type: 'list', items: ['Pastéis', 'Bifana'], ordered: true },
          { type: 'link', text: 'Tram times', url: 'https://tram.example/28' },
        ],
      },
      {
        title: 'Belém',
        places: [],
        blocks: [{ type: 'hotel', hotelId: 'h9' }],
      },
    ],
    ...overrides,
  };
}
