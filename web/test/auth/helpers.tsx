// Rendering an auth route as the app would: a stub router with the page at its path, a root that gives
// the session, and a catch-all that shows where a redirect went.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Outlet, createRoutesStub, useLocation } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { SessionProvider } from '~/lib/session';

export function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export interface PageSetup {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Component: ComponentType<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loader?: (args: any) => unknown;
  url: string;
  user?: AccountView | null;
}

export function renderPage({ path, Component, loader, url, user = null }: PageSetup) {
  const Root = () => (
    <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf">
      <Outlet />
    </SessionProvider>
  );
  const Stub = createRoutesStub([
    {
      Component: Root,
      HydrateFallback: () => null,
      children: [
        { path, Component, loader: loader as never },
        { path: '*', Component: Landed },
      ],
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

/** A request for `url` as a given browser sends it. */
export const withUserAgent = (request: Request, userAgent: string) =>
  new Request(request.url, { headers: { 'user-agent': userAgent } });
