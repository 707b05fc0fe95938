// Renders the club's routes as the app does: a root with the session and query providers and the root's data,
// the club layout with its real loader (the test mocks `serverCall`, the service boundary), its tabs, and a
// catch-all that shows where a navigation went.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { SessionProvider } from '~/lib/session';
import ClubExplore, { loader as exploreLoader } from '~/routes/club-explore';
import ClubHome, { action as homeAction } from '~/routes/club-home';
import ClubItineraries from '~/routes/club-itineraries';
import ClubItinerary, { ErrorBoundary as ItineraryBoundary, loader as itineraryLoader } from '~/routes/club-itinerary';
import ClubLayout, { ErrorBoundary as LayoutBoundary, loader as layoutLoader } from '~/routes/club-layout';
import ClubStays from '~/routes/club-stays';
import { Landed } from '../render-page';

configure({ asyncUtilTimeout: 10_000 });

export const rootData = {
  isAuthenticated: false,
  user: null,
  csrfToken: null,
  environmentVariables: { publicApiUrl: 'https://travel.example', imagesHost: 'https://img.example' },
  featureToggles: { isSignUpEnabled: true },
  debugErrors: false,
};

function Root() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <SessionProvider isAuthenticated={false} user={null} csrfToken={null}>
        <Outlet />
      </SessionProvider>
    </QueryClientProvider>
  );
}

export function renderClub(url: string) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Root,
      HydrateFallback: () => null,
      loader: () => rootData,
      children: [
        {
          id: 'routes/club-layout',
          path: 'user/:slug',
          Component: ClubLayout as never,
          ErrorBoundary: LayoutBoundary as never,
          loader: layoutLoader as never,
          children: [
            { index: true, Component: ClubHome as never, action: homeAction as never },
            { path: 'stays', Component: ClubStays as never },
            { path: 'explore', Component: ClubExplore as never, loader: exploreLoader as never },
            { path: 'itineraries', Component: ClubItineraries as never },
            {
              path: 'itineraries/:id',
              Component: ClubItinerary as never,
              ErrorBoundary: ItineraryBoundary as never,
              loader: itineraryLoader as never,
            },
          ],
        },
        { index: true, Component: Landed },
        { path: '*', Component: Landed },
      ],
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}
