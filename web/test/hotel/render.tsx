// Renders the hotel route as the app does (its component and error boundary in a route stub, inside the
// query and session providers), with loader data the test controls.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import type { HotelPageData } from '~/hotel/load.server';
import { SessionProvider } from '~/lib/session';
import Hotel, { ErrorBoundary } from '~/routes/hotel';
import { availability, hotel } from './fixtures';

// The first render of a route loads React Router's data router: on a busy machine it takes seconds, not the
// default one second the find queries wait.
configure({ asyncUtilTimeout: 5_000 });

export const pageData = (overrides: Partial<HotelPageData> = {}): HotelPageData => ({
  hotel: hotel(),
  creator: null,
  searchId: 'search-123',
  stay: { kind: 'rates', availability: availability() },
  ...overrides,
});

export interface Rendered {
  /** How many times the loader ran (the first render, then each revalidation). */
  loads: () => number;
  queryClient: QueryClient;
}

export function renderHotel(
  load: () => HotelPageData | Promise<HotelPageData>,
  { isAuthenticated = false, url = '/hotel/harbour-house?searchId=search-123' } = {},
): Rendered {
  let loads = 0;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const Stub = createRoutesStub([
    {
      path: '/hotel/:slug',
      // The stub hands the route its loader data as the framework does.
      Component: Hotel as never,
      ErrorBoundary: ErrorBoundary as never,
      HydrateFallback: () => null,
      loader: () => {
        loads += 1;
        return load();
      },
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider isAuthenticated={isAuthenticated} user={null} csrfToken={null}>
        <Stub initialEntries={[url]} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { loads: () => loads, queryClient };
}
