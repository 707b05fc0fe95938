// The club pages' head: a title per tab, the creator's bio (or a line about the club) as the description, the
// canonical link at the current slug, and Open Graph and Twitter card tags with the hero image to share (the
// 600 px variant, spec section 9). Pure, so the server and the browser render the same head.
import { PRODUCT } from '~/lib/brand';
import { metaDescription, notIndexedMeta, pageMeta, type MetaTag, type ShareImage } from '~/lib/share-meta';
import { clubPath, pictureOf, possessive, tabOf, type ClubData, type ClubTab } from './club-data';
import { PROFILE_NOT_FOUND } from './club-texts';

export function clubTitle(name: string, tab: ClubTab): string {
  const titles: Record<ClubTab, string> = {
    home: `${possessive(name)} travel club`,
    stays: `Stays recommended by ${name}`,
    explore: `Explore with ${name}`,
    itineraries: `Itineraries by ${name}`,
  };
  return `${titles[tab]} · ${PRODUCT}`;
}

export function clubDescription(club: Pick<ClubData, 'profile'>): string {
  const { publicName, creatorProfile } = club.profile;
  const bio = creatorProfile.bio?.trim();
  return metaDescription(
    bio || `${publicName} shares favourite stays, trips and travel guides on ${PRODUCT}. Book them in a few taps.`,
  );
}

/** The picture a shared link shows: the hero, else the profile picture, else the first stay's. */
function shareImage(club: ClubData): ShareImage | null {
  const { heroImage, profilePicture } = club.profile.creatorProfile;
  const first = club.recommendations[0];
  const url = pictureOf(heroImage) ?? pictureOf(profilePicture) ?? pictureOf(first?.coverImage ?? first?.tileImage);
  return url ? { url, alt: `${possessive(club.profile.publicName)} travel club` } : null;
}

export interface ClubMetaInput {
  club: ClubData;
  /** The page's path as asked; its tab and, for a deeper page, its address (at the current slug). */
  pathname: string;
  publicUrl: string;
  /** A deeper page's own title and description (a guide). */
  page?: { title: string; description?: string };
}

/** The canonical address of a club page: at the club's current slug, without a query. */
export function clubCanonical(publicUrl: string, club: ClubData, pathname: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const [, , , ...rest] = pathname.replace(/\/+$/, '').split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  return `${base}${clubPath(club.profile.slug)}${tail}`;
}

export function clubMeta({ club, pathname, publicUrl, page }: ClubMetaInput): MetaTag[] {
  return pageMeta({
    title: page
      ? `${page.title} · ${club.profile.publicName} · ${PRODUCT}`
      : clubTitle(club.profile.publicName, tabOf(pathname) ?? 'home'),
    description: page?.description ? metaDescription(page.description) : clubDescription(club),
    url: clubCanonical(publicUrl, club, pathname),
    type: 'profile',
    image: shareImage(club),
  });
}

/** The head of a club page that is not there (the explore tab's 404, a missing guide): its title, not indexed. */
export const clubNotFoundMeta = (title = PROFILE_NOT_FOUND): MetaTag[] => notIndexedMeta(`${title} · ${PRODUCT}`);
