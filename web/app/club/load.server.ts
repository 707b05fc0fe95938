// The club on the server: the creator service's club view, asked once per page request (the layout's loader and
// a tab's own loader share the answer), and the address rules of spec section 2. An old slug answers the
// current one: 301 to the same page at the current slug, so shared links keep working and search engines
// follow. An unknown slug goes to / , except on the explore tab, which is a 404 'Profile not found'.
import { endpoints } from '@travelclub/contracts';
import { redirect } from 'react-router';
import { orNull } from '~/lib/api-errors';
import { serverCall } from '~/lib/api.server';
import { notFound } from '~/lib/not-found';
import { tabOf, type ClubData } from './club-data';
import { PROFILE_NOT_FOUND } from './club-texts';
/** The longest text the club view takes as a slug (contracts' PublicSlugParamsSchema). */
const SLUG_MAX = 100;

const asked = new WeakMap<Request, Promise<ClubData | null>>();

async function fetchClub(request: Request, slug: string): Promise<ClubData | null> {
  if (!slug || slug.length > SLUG_MAX) return null;
  // No creator by that address (or none it could be): nothing there, as spec section 7 reads a 404.
  return orNull(serverCall(request, endpoints.creator.clubView, { params: { slug } }), { invalidToo: true });
}

/** The club at `slug`, or null when no creator has (or had) it; one call however many loaders ask. */
export function clubOf(request: Request, slug: string): Promise<ClubData | null> {
  let club = asked.get(request);
  if (!club) {
    club = fetchClub(request, slug);
    asked.set(request, club);
  }
  return club;
}

/** The same address with the current slug in place of the one asked for (the query kept). */
export function movedTo(url: URL, slug: string): string {
  const parts = url.pathname.split('/');
  parts[2] = encodeURIComponent(slug);
  return `${parts.join('/')}${url.search}`;
}

/**
 * The club of a club page's request, or the answer the address gets instead: a 301 to the current slug, a
 * redirect to / for an unknown one, or the explore tab's 404.
 */
export async function requireClub(request: Request, slug: string | undefined): Promise<ClubData> {
  const url = new URL(request.url);
  const club = await clubOf(request, slug ?? '');
  if (!club) throw tabOf(url.pathname) === 'explore' ? notFound(PROFILE_NOT_FOUND) : redirect('/');
  if (club.profile.slug !== slug) throw redirect(movedTo(url, club.profile.slug), 301);
  return club;
}
