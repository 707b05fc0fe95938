// /user/{slug}/packages/{id}: a creator's travel package in their club, rendered on the server with its head
// (title, description, canonical address, share image). A package that is missing, not active or another
// creator's is a 404 'Travel package not found', shown inside the club with a way back to it.
import { isRouteErrorResponse } from 'react-router';
import type { RootData } from '~/lib/root-data';
import { loadPackagePage } from '~/package/load.server';
import { packageMeta, packageNotFoundMeta } from '~/package/meta';
import { PackagePage } from '~/package/package-page';
import { NotFound } from '~/ui/not-found';
import type { Route } from './+types/club-package';

export const loader = ({ request, params }: Route.LoaderArgs) => loadPackagePage(request, params.slug, params.id);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!loaderData || !root) return packageNotFoundMeta();
  const { publicApiUrl, imagesHost } = root.environmentVariables;
  return packageMeta(loaderData, { publicUrl: publicApiUrl, imagesHost });
};

export default function ClubPackage({ loaderData }: Route.ComponentProps) {
  return <PackagePage data={loaderData} />;
}

/** A missing package: the not-found page with its title, leading back to the club. */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | undefined)?.title;
    return (
      <NotFound
        title={typeof title === 'string' ? title : undefined}
        returnTo={params.slug ? `/user/${encodeURIComponent(params.slug)}` : '/'}
      />
    );
  }
  // Anything else is the error page's (the root's boundary).
  throw error;
}
