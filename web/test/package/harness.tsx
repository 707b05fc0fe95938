// The package page's test world: a stand-in for ~/lib/browser-api (each endpoint answered by the test's
// handler, by its name: 'fromTravelPackage', 'requestPackage'), and the route rendered as the app renders it
// (its component and error boundary inside the query and session providers, the checkout's contact step as
// a stand-in to land on).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { AccountView } from '@travelclub/contracts';
import { createRoutesStub, useLocation } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';
import type { PackagePageData } from '~/package/package-facts';
import ClubPackage, { ErrorBoundary } from '~/routes/club-package';

// The first render loads the route and then the booking form's chunk: slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

type Handler = (input: { params?: Record<string, string>; body?: Record<string, unknown> }) => Promise<unknown>;
export const handlers: Record<string, Handler> = {};

const dispatch = (endpoint: string, input: Parameters<Handler>[0]) => {
  const handler = handlers[endpoint];
  return handler ? handler(input) : Promise.reject(new Error(`no handler for ${endpoint}`));
};

export const browserApi = {
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  accessToken: vi.fn(() => Promise.resolve<string | null>(null)),
  call: vi.fn(dispatch),
  callAsUser: vi.fn(dispatch),
  endpoints: {
    itinerary: { fromTravelPackage: 'fromTravelPackage' },
    creator: { requestPackage: 'requestPackage' },
  },
};

export function resetApi() {
  for (const key of Object.keys(handlers)) delete handlers[key];
  browserApi.call.mockClear();
  browserApi.callAsUser.mockClear();
}

/** A refusal as the API module throws it: the catalogue code, the status and the API's message. */
export const refusal = (code: string, message = 'The API says so.', status = 400, details?: unknown) =>
  Object.assign(new Error(message), { code, status, details });

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

export function renderPackage(
  load: () => PackagePageData | Promise<PackagePageData>,
  { user = null as AccountView | null, url = '/user/anna/packages/pkg-1' } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const Stub = createRoutesStub([
    {
      path: '/user/:slug/packages/:id',
      Component: ClubPackage as never,
      ErrorBoundary: ErrorBoundary as never,
      HydrateFallback: () => null,
      loader: load,
    },
    { path: '/itinerary/:itineraryId/contact', Component: Landed },
    { path: '*', Component: Landed },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf">
        <Stub initialEntries={[url]} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { queryClient };
}
