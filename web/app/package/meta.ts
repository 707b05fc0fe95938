// The package page's head: title and description from the package and its creator, the canonical address in
// the creator's club (their current address, whatever old one was opened), and the share image: the package's
// cover at 600 px, else its first hotel's photo in the share box (spec section 9). Pure, like the hotel's.
import { SHARE_IMAGE, metaDescription, shareImageUrl, type MetaTag } from '~/hotel/meta';
import { PRODUCT } from '~/lib/brand';
import { plural } from '~/search/format';
import type { PackagePageData } from './package-facts';

export const PACKAGE_NOT_FOUND = 'Travel package not found';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function packageUrl(publicUrl: string, slug: string, id: string): string {
  return `${trimSlash(publicUrl)}/user/${encodeURIComponent(slug)}/packages/${encodeURIComponent(id)}`;
}

export const packageTitle = ({ travelPackage, creator }: PackagePageData) =>
  `${travelPackage.title} · a trip by ${creator.publicName} on ${PRODUCT}`;

/** The summary, or what the package is when its creator wrote none. */
export function packageDescription({ travelPackage, creator }: PackagePageData): string {
  const text = metaDescription(travelPackage.summary);
  if (text) return text;
  const nights = plural(travelPackage.nights, 'night');
  const hotels = plural(travelPackage.hotels.length, 'hotel');
  return `A ${travelPackage.days.length}-day trip by ${creator.publicName}, with ${nights} in ${hotels}.`;
}

function shareImage(data: PackagePageData, imagesHost: string): MetaTag[] {
  const { cover, hotels, title } = data.travelPackage;
  const alt = { property: 'og:image:alt', content: title };
  if (cover)
    return [
      { property: 'og:image', content: cover.links['600px'] },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      alt,
    ];
  const photo = hotels.find((hotel) => hotel.titleImage)?.titleImage;
  if (!photo) return [];
  return [
    { property: 'og:image', content: shareImageUrl(imagesHost, photo.publicId) },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    alt,
  ];
}

export function packageMeta(data: PackagePageData, env: { publicUrl: string; imagesHost: string }): MetaTag[] {
  const title = packageTitle(data);
  const description = packageDescription(data);
  const url = packageUrl(env.publicUrl, data.creator.slug, data.travelPackage.id);
  const image = shareImage(data, env.imagesHost);
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: PRODUCT },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...image,
    { name: 'twitter:card', content: image.length ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
}

/** The head of a missing package: the 404 title, not indexed. */
export const packageNotFoundMeta = (): MetaTag[] => [
  { title: PACKAGE_NOT_FOUND },
  { name: 'robots', content: 'noindex' },
];
