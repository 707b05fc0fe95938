// The search tests' stand-ins: a browser API module whose calls go to `answers[name]` (the endpoint's key under
// its service's endpoints, e.g. `autocomplete`, `createSearch`, `latestItinerary`), and a render helper with
// a router, the session and a query client, plus a catch-all route that shows where a navigation went.
import { ApiError, endpoints } from '@travelclub/contracts';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Outlet, createRoutesStub, useLocation } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';

// The form's widgets load on first use, and this machine is shared: waits get more time than the default second.
configure({ asyncUtilTimeout: 5_000 });

type Answer = (input: unknown) => unknown;
export const answers: Record<string, Answer> = {};

/** The endpoint's key under endpoints.<service>, found by identity. */
function nameOf(e: unknown): string {
  for (const group of Object.values(endpoints))
    for (const [name, value] of Object.entries(group)) if (value === e) return name;
  return 'unknown';
}

export const browserApi = {
  ApiError,
  endpoints,
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  call: vi.fn(async (e: unknown, input: unknown) => {
    const answer = answers[nameOf(e)];
    if (!answer) throw new Error(`no answer for ${nameOf(e)}`);
    return answer(input);
  }),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
}

/** The inputs of the calls made to one endpoint. */
export const callsTo = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => nameOf(e) === name).map(([, input]) => input);

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

export function account(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'u1',
    email: 'ann@example.com',
    publicName: 'Ann',
    roles: ['role/customer'],
    isAnonymous: false,
    isNew: false,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as AccountView;
}
