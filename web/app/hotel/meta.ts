// The hotel page's head (spec section 2): title and description from the hotel, the canonical link (with
// `?creator={slug}` when a creator is present, nothing else), Open Graph and Twitter card tags, and the share
// image, 600 px wide at 16:9 (spec section 9). Opened from a club whose creator recommends the hotel, the title
// and share data come from the recommendation and the creator's public name. Pure, so the server and client
// render the same head.
import type { HotelView } from '@travelclub/contracts';
import { possessive } from '~/club/club-data';
import type { HotelClub } from '~/club/hotel-club';
import { PRODUCT } from '~/lib/brand';
import {
  SHARE_IMAGE,
  metaDescription,
  notIndexedMeta,
  pageMeta,
  type MetaTag,
  type ShareImage,
} from '~/lib/share-meta';

export const HOTEL_NOT_FOUND = 'Hotel not found';

/**
 * The image route's box for a size, by the CDN rules of spec section 9 (sides under 500 doubled, quality 90),
 * the same rule the catalog makes its links with: the share image asks for the box it serves as `share`.
 */
function cdnQuery(width: number, height: number): string {
  const side = (n: number) => (n < 500 ? n * 2 : n);
  return `w=${side(width)}&h=${side(height)}&q=90`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The hotel title image's share link on the images host. */
export function shareImageUrl(imagesHost: string, publicId: string): string {
  return `${trimSlash(imagesHost)}/api/v1/images/${encodeURIComponent(publicId)}?${cdnQuery(SHARE_IMAGE.width, SHARE_IMAGE.height)}`;
}

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
function shareImage({ hotel, club, imagesHost }: HotelMetaInput): ShareImage | null {
  const cover = club?.recommendation?.cover?.links['600px'];
  const alt = `${hotel.name}, ${hotel.address.city}`;
  if (cover) return { url: cover, alt };
  if (!hotel.titleImage) return null;
  return { url: shareImageUrl(imagesHost, hotel.titleImage.publicId), alt, height: SHARE_IMAGE.height };
}

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
