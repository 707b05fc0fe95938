// A creator's club as its pages use it: the creator service's club view (types only, so no zod reaches the
// browser), the addresses of the club's pages in one place, and what the pages derive from the view (the
// creator's destinations, their pictures). Shared by the club's routes and the dashboard's preview of the club.
import type { ClubRecommendation, ClubView, ImageAsset } from '@travelclub/contracts';

/** Everything a club page shows, as `GET /api/v1/bff/creator/{slug}` answers it. */
export type ClubData = ClubView;
export type ClubStay = ClubRecommendation;
export type ClubPackage = ClubData['packages'][number];
export type ClubGuide = ClubData['guides'][number];
export type ClubProfile = ClubData['profile'];

export const CLUB_TABS = ['home', 'stays', 'explore', 'itineraries'] as const;
export type ClubTab = (typeof CLUB_TABS)[number];

const at = (slug: string) => `/user/${encodeURIComponent(slug)}`;

/** A tab of the club: `/user/{slug}` for the home tab, `/user/{slug}/{tab}` for the others. */
export const clubPath = (slug: string, tab: ClubTab = 'home') => (tab === 'home' ? at(slug) : `${at(slug)}/${tab}`);
export const packagePath = (slug: string, id: string) => `${at(slug)}/packages/${encodeURIComponent(id)}`;
export const guidePath = (slug: string, id: string) => `${at(slug)}/itineraries/${encodeURIComponent(id)}`;
/** A hotel opened from the club: `?creator=` keeps the club on the page and in the cart (the booking is theirs). */
export const clubHotelPath = (hotelSlug: string, clubSlug: string) =>
  `/hotel/${encodeURIComponent(hotelSlug)}?creator=${encodeURIComponent(clubSlug)}`;

/** The tab a club address is on (`/user/anna/itineraries/7` is on the itineraries tab), else null. */
export function tabOf(pathname: string): ClubTab | null {
  const [, user, slug, tab] = pathname.split('/');
  if (user !== 'user' || !slug) return null;
  if (!tab) return 'home';
  return (CLUB_TABS as readonly string[]).includes(tab) ? (tab as ClubTab) : null;
}

/** Whether the address is a page inside a tab (a guide, a package) rather than the tab itself. */
export function isDeepPage(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').split('/').length > 4;
}

/** A creator's picture at the size a card or the hero shows (600 px wide), when there is one. */
export const pictureOf = (asset: ImageAsset | undefined) => asset?.links['600px'];

/** The picture of a recommended stay's card: the creator's tile, else their cover, else the hotel's own. */
export const stayPicture = (stay: ClubStay) => stay.tileImage ?? stay.coverImage ?? stay.hotel.titleImage;

/** The possessive of a name as the pages write it: "Anna's", "James'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

export interface ClubDestination {
  /** The catalog's destination id, as the search form takes it. */
  id: string;
  label: string;
  stays: number;
}

/** The places the creator's recommended stays are in, most stays first (then as the creator ordered them). */
export function destinationsOf(club: Pick<ClubData, 'recommendations'>): ClubDestination[] {
  const byId = new Map<string, ClubDestination>();
  for (const { hotel } of club.recommendations) {
    const known = byId.get(hotel.destinationId);
    if (known) known.stays += 1;
    else byId.set(hotel.destinationId, { id: hotel.destinationId, label: hotel.address.city, stays: 1 });
  }
  return [...byId.values()].sort((a, b) => b.stays - a.stays);
}

/** Plain text as paragraphs (blank lines part them): creators write text, never HTML. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
