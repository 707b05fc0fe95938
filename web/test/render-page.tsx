// Rendering a route as the app would, for every page's tests: a stub router with the page at its path, a root
// that gives the session and a query client, and a catch-all that shows where a navigation went.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AccountView } from '@travelclub/contracts';
import type { ComponentType } from 'react';
import { Outlet, createRoutesStub, useLocation } from 'react-router';
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const Root = () => (
    <QueryClientProvider client={client}>
      <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf">
        <Outlet />
      </SessionProvider>
    </QueryClientProvider>
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
