// The hotel page's head (spec section 2): title and description from the hotel, the canonical link (with
// `?creator={slug}` when a creator is present, nothing else), Open Graph and Twitter card tags, and the share
// image, 600 px wide at 16:9 (spec section 9). Opened from a club whose creator recommends the hotel, the title
// and share data come from the recommendation and the creator's public name. Pure, so the server and client
// render the same head.
import type { HotelView } from '@travelclub/contracts';
import { possessive } from '~/club/club-data';
import type { HotelClub } from '~/club/hotel-club';
import { PRODUCT } from '~/lib/brand';
import { coverOrPhoto, metaDescription, notIndexedMeta, pageMeta, trimSlash, type MetaTag } from '~/lib/share-meta';

export const HOTEL_NOT_FOUND = 'Hotel not found';

/** The page's canonical address: the hotel's path, plus the creator when there is one, nothing else. */
export function canonicalUrl(publicUrl: string, slug: string, creator?: string | null): string {
  const base = `${trimSlash(publicUrl)}/hotel/${encodeURIComponent(slug)}`;
  return creator ? `${base}?creator=${encodeURIComponent(creator)}` : base;
}

export function hotelTitle(
  hotel: Pick<HotelView, 'name' | 'address'>,
  creator?: string | null,
  club?: HotelClub | null,
): string {
  const place = hotel.address.city;
  if (club?.recommendation)
    return `${club.recommendation.title} · ${hotel.name}, ${place} · recommended by ${club.publicName} on ${PRODUCT}`;
  if (club) return `${hotel.name}, ${place} · from ${possessive(club.publicName)} club on ${PRODUCT}`;
  return creator
    ? `${hotel.name}, ${place} · recommended by ${creator} on ${PRODUCT}`
    : `${hotel.name}, ${place} · ${PRODUCT}`;
}

export interface HotelMetaInput {
  hotel: Pick<HotelView, 'name' | 'slug' | 'description' | 'address' | 'titleImage'>;
  creator?: string | null;
  /** The club the page was opened from, when the creator service knows it. */
  club?: HotelClub | null;
  publicUrl: string;
  imagesHost: string;
}

/** The share image: the creator's cover of the hotel (its 600 px variant), else the hotel's title image. */
const shareImage = ({ hotel, club, imagesHost }: HotelMetaInput) =>
  coverOrPhoto(
    `${hotel.name}, ${hotel.address.city}`,
    imagesHost,
    club?.recommendation?.cover?.links['600px'],
    hotel.titleImage,
  );

export function hotelMeta(input: HotelMetaInput): MetaTag[] {
  const { hotel, creator, club, publicUrl } = input;
  return pageMeta({
    title: hotelTitle(hotel, creator, club),
    description: metaDescription(club?.recommendation?.text || hotel.description),
    url: canonicalUrl(publicUrl, hotel.slug, creator),
    type: 'website',
    image: shareImage(input),
  });
}

/** The head of a missing hotel: the 404 title, not indexed. */
export const notFoundMeta = (): MetaTag[] => notIndexedMeta(HOTEL_NOT_FOUND);
