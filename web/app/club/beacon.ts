// The club's page-view beacon: `POST /api/v1/creator/{slug}/view` once per page view, after the page runs. It is
// sent with the browser's beacon (or a keep-alive fetch where there is none), not through the typed client:
// that module carries zod (its path comes from the zod-free `@travelclub/contracts/paths`), and the club home's JavaScript budget is 150 KB. The answer is always 204 and says
// nothing (a bot or a caller over its limit is simply not counted), so nothing waits for it.
import { fillPath, linkPaths } from '@travelclub/contracts/paths';
import { useEffect, useRef } from 'react';

export const viewBeaconPath = (slug: string) => fillPath(linkPaths.clubView, { slug });

export function sendClubView(slug: string): void {
  const url = viewBeaconPath(slug);
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  fetch(url, { method: 'POST', keepalive: true }).catch(() => undefined);
}

/** Counts a view of the club page at `pathname`: once, however often the page renders. */
export function useClubViewBeacon(slug: string, pathname: string): void {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    const view = `${slug} ${pathname}`;
    if (counted.current === view) return;
    counted.current = view;
    sendClubView(slug);
  }, [slug, pathname]);
}
