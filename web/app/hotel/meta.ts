// The hotel page's head (spec section 2): title and description from the hotel, the canonical link (with
// `?creator={slug}` when a creator is present, nothing else), Open Graph and Twitter card tags, and the share
// image, 600 px wide at 16:9 (spec section 9). Opened from a club whose creator recommends the hotel, the title
// and share data come from the recommendation and the creator's public name. Pure, so the server and client
// render the same head.
import type { HotelView } from '@travelclub/contracts';
import { possessive } from '~/club/club-data';
import type { HotelClub } from '~/club/hotel-club';
import { PRODUCT } from '~/lib/brand';

export const SHARE_IMAGE = { width: 600, height: 338 } as const;
const DESCRIPTION_MAX = 160;
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

/** The description cut to a search snippet's length, at a word. */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2));
  return `${atWord.replace(/[\s,.;:]+$/, '')}…`;
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

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string };

/** The share image's tags: the creator's cover of the hotel (its 600 px variant), else the hotel's title image. */
function shareTags({ hotel, club, imagesHost }: HotelMetaInput): MetaTag[] {
  const cover = club?.recommendation?.cover?.links['600px'];
  const alt = { property: 'og:image:alt', content: `${hotel.name}, ${hotel.address.city}` };
  if (cover)
    return [
      { property: 'og:image', content: cover },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      alt,
    ];
  if (!hotel.titleImage) return [];
  return [
    { property: 'og:image', content: shareImageUrl(imagesHost, hotel.titleImage.publicId) },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    alt,
  ];
}

export function hotelMeta(input: HotelMetaInput): MetaTag[] {
  const { hotel, creator, club, publicUrl } = input;
  const title = hotelTitle(hotel, creator, club);
  const description = metaDescription(club?.recommendation?.text || hotel.description);
  const url = canonicalUrl(publicUrl, hotel.slug, creator);
  const tags: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: PRODUCT },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
  ];
  const share = shareTags(input);
  tags.push(...share, { name: 'twitter:card', content: share.length ? 'summary_large_image' : 'summary' });
  tags.push({ name: 'twitter:title', content: title }, { name: 'twitter:description', content: description });
  return tags;
}

/** The head of a missing hotel: the 404 title, not indexed. */
export const notFoundMeta = (): MetaTag[] => [{ title: HOTEL_NOT_FOUND }, { name: 'robots', content: 'noindex' }];
