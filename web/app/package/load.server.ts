// The package page's data, on the server: the package with its hotels' cards and the creator whose club the
// address names, read at once. A package that is missing, not active or another creator's is a 404 'Travel
// package not found' (the call is made without the visitor's session, so a creator's own draft is one too).
import { endpoints } from '@travelclub/contracts';
import { orNull } from '~/lib/api-errors';
import { serverCall } from '~/lib/api.server';
import { notFound } from '~/lib/not-found';
import { PACKAGE_NOT_FOUND } from './meta';
import type { PackagePageData } from './package-facts';

/** The contracts' limits on a package id and a club address: anything longer finds nothing. */
const ID_MAX = 128;
const SLUG_MAX = 100;

/** A 404, or an id the service will not even look up, is "no such package". */
const found = <T>(call: Promise<T>) => orNull(call, { invalidToo: true });

export async function loadPackagePage(
  request: Request,
  slug: string | undefined,
  id: string | undefined,
): Promise<PackagePageData> {
  if (!slug || !id || slug.length > SLUG_MAX || id.length > ID_MAX) throw notFound(PACKAGE_NOT_FOUND);
  const [profile, travelPackage] = await Promise.all([
    found(serverCall(request, endpoints.creator.publicProfile, { params: { slug } })),
    found(serverCall(request, endpoints.creator.packageWithHotels, { params: { id }, query: {} })),
  ]);
  if (!profile || !travelPackage || travelPackage.status !== 'active' || travelPackage.userId !== profile.userId)
    throw notFound(PACKAGE_NOT_FOUND);
  return { travelPackage, creator: { slug: profile.slug, publicName: profile.publicName } };
}
