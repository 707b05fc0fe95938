// The package page's head: title and description from the package and its creator, the canonical address in
// the creator's club (their current address, whatever old one was opened), and the share image: the package's
// cover at 600 px, else its first hotel's photo in the share box (spec section 9). Pure, like the hotel's.
import { PRODUCT } from '~/lib/brand';
import { coverOrPhoto, metaDescription, notIndexedMeta, pageMeta, trimSlash, type MetaTag } from '~/lib/share-meta';
import { plural } from '~/search/format';
import type { PackagePageData } from './package-facts';

export const PACKAGE_NOT_FOUND = 'Travel package not found';

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

/** The share image: the package's cover (its 600 px variant), else its first hotel's photo in the share box. */
function shareImage(data: PackagePageData, imagesHost: string) {
  const { cover, hotels, title } = data.travelPackage;
  return coverOrPhoto(title, imagesHost, cover?.links['600px'], hotels.find((hotel) => hotel.titleImage)?.titleImage);
}

export function packageMeta(data: PackagePageData, env: { publicUrl: string; imagesHost: string }): MetaTag[] {
  return pageMeta({
    title: packageTitle(data),
    description: packageDescription(data),
    url: packageUrl(env.publicUrl, data.creator.slug, data.travelPackage.id),
    type: 'website',
    image: shareImage(data, env.imagesHost),
  });
}

/** The head of a missing package: the 404 title, not indexed. */
export const packageNotFoundMeta = (): MetaTag[] => notIndexedMeta(PACKAGE_NOT_FOUND);
