// The checkout and trips tests' world: itineraries and invoices to answer with, a stand-in for
// ~/lib/browser-api (every call answered from `answers`, by the endpoint's name such as
// 'itinerary.readItinerary'; real endpoint definitions and ApiError), and a render of routes inside the
// query and session providers under a 'root' route whose data the test sets (showTestCards).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import {
  ApiError,
  createApiClient,
  endpoints,
  type AccountView,
  type Invoice,
  type Itinerary,
  type PaymentAnswer,
} from '@travelclub/contracts';
import type { ComponentType } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';
import { ErrorBoundary } from '~/root';

// The first render of a file loads the pages and the API module on demand: slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const names = new Map<object, string>();
for (const [service, group] of Object.entries(endpoints))
  for (const [name, e] of Object.entries(group)) names.set(e, `${service}.${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = (input: any) => unknown;
export const answers: Record<string, Answer> = {};
/** Payments go out for real (over the test's stubbed fetch), so their headers and body are what is sent. */
const overFetch = new Set(['billing.payInvoice']);
const client = createApiClient({ baseUrl: '' });

export const browserApi = {
  endpoints,
  ApiError,
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  accessToken: vi.fn(async () => 'token-1'),
  call: vi.fn(async (e: object, input: unknown, options?: { headers?: Record<string, string> }) => {
    const name = names.get(e) ?? 'unknown';
    if (overFetch.has(name)) {
      const headers = { authorization: 'Bearer token-1', ...options?.headers };
      return client.call(e as typeof endpoints.billing.payInvoice, input as never, { headers });
    }
    const answer = answers[name];
    if (!answer) throw new Error(`no answer for ${name}`);
    return answer(input);
  }),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
}

/** The calls made of one endpoint, by name, with their inputs. */
export const callsOf = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => names.get(e) === name).map(([, input]) => input);

export const notFoundError = () => new ApiError(404, 'itinerary-not-found', 'Itinerary not found');

// ---------- fixtures ----------

export const usd = (amount: number) => ({ amount, currency: 'USD' });
const LATER = new Date(Date.now() + 15 * 60_000).toISOString();

export const member: AccountView = {
  id: 'user-1',
  email: 'ada@example.com',
  publicName: 'Ada',
  roles: ['role/customer'],
  isAnonymous: false,
  isNew: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
export const anonymous: AccountView = { ...member, email: null, publicName: null, isAnonymous: true, roles: [] };

export function anItinerary(overrides: Partial<Itinerary> = {}): Itinerary {
  return {
    id: 'it-1',
    reference: 'TC-7K3M9QXA',
    title: 'Lisbon',
    currency: 'USD',
    status: 'draft',
    ownerId: 'user-1',
    lineItems: [
      {
        identity: 'li-1',
        checkInDate: '2027-03-10',
        checkOutDate: '2027-03-13',
        hotelBooking: {
          hotelId: 'h-1',
          hotelName: 'Hotel Aurora',
          rooms: [
            {
              roomType: { type: 'deluxe', name: 'Deluxe Double' },
              rateId: 'rate-1',
              rateName: 'Flexible rate',
              rooms: 2,
              totalPrice: usd(45000),
              cancellationPolicyText: 'Free cancellation until 3 days before arrival.',
              cancellationCharges: [],
              holdId: 'hold-1',
              holdStatus: 'held',
              holdExpiresAt: LATER,
            },
          ],
        },
      },
    ],
    total: usd(45000),
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const terms = {
  currency: 'USD',
  lines: [
    {
      lineItemId: 'li-1',
      holdId: 'hold-1',
      hotelId: 'h-1',
      hotelName: 'Hotel Aurora',
      roomTypeName: 'Deluxe Double',
      rateName: 'Flexible rate',
      checkInDate: '2027-03-10',
      checkOutDate: '2027-03-13',
      totalPrice: usd(45000),
      policyText: 'Free cancellation until 3 days before arrival.',
      charges: [{ from: '2027-03-07T00:00:00.000Z', amount: usd(15000) }],
    },
  ],
};

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    itineraryId: 'it-1',
    ownerId: 'user-1',
    status: 'open',
    currency: 'USD',
    lines: [
      {
        lineItemId: 'li-1',
        holdId: 'hold-1',
        hotelId: 'h-1',
        hotelName: 'Hotel Aurora',
        roomTypeName: 'Deluxe Double',
        rateName: 'Flexible rate',
        rooms: 2,
        checkInDate: '2027-03-10',
        checkOutDate: '2027-03-13',
        amount: usd(45000),
      },
    ],
    total: usd(45000),
    terms,
    createdAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

export const payment = {
  id: 'pay-1',
  amount: usd(45000),
  card: { brand: 'visa', last4: '4242' },
  paidAt: '2026-11-20T10:06:00.000Z',
};

export const paymentAnswer: PaymentAnswer = {
  paymentId: 'pay-1',
  invoiceId: 'inv-1',
  itineraryId: 'it-1',
  status: 'succeeded',
  amount: usd(45000),
  card: { brand: 'visa', last4: '4242' },
  paidAt: '2026-11-20T10:06:00.000Z',
};

// ---------- rendering ----------

export interface StubRoute {
  path: string;
  Component: ComponentType;
  loader?: (args: { params: Record<string, string | undefined> }) => unknown;
}

const target = (text: string) => () => <p>{text}</p>;
/** Where the pages go next, as plain stand-ins. */
export const targets: StubRoute[] = [
  { path: '/itinerary/:itineraryId/payment', Component: target('The payment page') },
  { path: '/itinerary/:itineraryId/confirmation', Component: target('The confirmation page') },
];

export function renderRoutes(
  routes: StubRoute[],
  url: string,
  { user = member as AccountView | null, showTestCards = false, isSignUpEnabled = true } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const rootData = {
    isAuthenticated: Boolean(user),
    user,
    csrfToken: 'csrf-1',
    environmentVariables: { showTestCards },
    featureToggles: { isSignUpEnabled },
    debugErrors: false,
  };
  const paths = new Set(routes.map((r) => r.path));
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData,
      ErrorBoundary: ErrorBoundary as never,
      HydrateFallback: () => null,
      Component: () => (
        <QueryClientProvider client={queryClient}>
          <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf-1">
            <Outlet />
          </SessionProvider>
        </QueryClientProvider>
      ),
      children: [...routes, ...targets.filter((t) => !paths.has(t.path))].map((r) => ({
        path: r.path,
        Component: r.Component as never,
        loader: (r.loader ?? (() => null)) as never,
      })),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { queryClient };
}
