// The dashboard tests' world: a stand-in for ~/lib/browser-api (every call and upload answered from `answers`
// by the endpoint's name, such as 'creator.readProfile'; the real endpoint definitions and ApiError; `adopt`
// reports a sign-in to the session as the real module does), a creator's data to answer with, and a render of
// dashboard routes under a root with the query and session providers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import {
  ApiError,
  endpoints,
  type AccountView,
  type CreatorCountersAnswer,
  type CreatorPlan,
  type Profile,
  type RecommendationView,
  type TravelPackage,
} from '@travelclub/contracts';
import type { ComponentType } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';
import { account } from '../accounts';
import { Landed } from '../render-page';

// The first render of a file loads the pages and the API module on demand: slow on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const names = new Map<object, string>();
for (const [service, group] of Object.entries(endpoints))
  for (const [name, e] of Object.entries(group)) names.set(e, `${service}.${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = (input: any, extra?: any) => unknown;
export const answers: Record<string, Answer> = {};
type Listener = (state: { isAuthenticated: boolean; user: AccountView | null }) => void;
const listeners = new Set<Listener>();

function answer(e: object, input: unknown, extra?: unknown) {
  const name = names.get(e) ?? 'unknown';
  const respond = answers[name];
  if (!respond) throw new Error(`no answer for ${name}`);
  return respond(input, extra);
}

export const browserApi = {
  endpoints,
  ApiError,
  initSession: vi.fn(),
  onSessionChange: vi.fn((listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }),
  accessToken: vi.fn(async () => 'token-1'),
  call: vi.fn(async (e: object, input: unknown) => answer(e, input)),
  upload: vi.fn(async (e: object, input: unknown, form: FormData, options: unknown) =>
    answer(e, input, { form, options }),
  ),
  adopt: vi.fn(async (tokens: { user: AccountView }) => {
    for (const listener of listeners) listener({ isAuthenticated: true, user: tokens.user });
  }),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
  browserApi.upload.mockClear();
  browserApi.adopt.mockClear();
}

/** The inputs of the calls made to one endpoint, by name. */
export const callsOf = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => names.get(e) === name).map(([, input]) => input);

export const uploadsOf = (name: string) =>
  browserApi.upload.mock.calls.filter(([e]) => names.get(e) === name).map(([, input, form]) => ({ input, form }));

export const refusal = (status: number, code: string, message: string) => new ApiError(status, code as never, message);

// ---------- people and their data ----------

export const creator = account({
  id: 'cara-1',
  email: 'cara@example.com',
  publicName: 'Cara',
  roles: ['role/creator'],
});
export const traveller = account({ id: 'ann-1', email: 'ann@example.com', publicName: 'Ann' });

const image = (id: string) => ({
  provider: 'local',
  publicId: id,
  links: {
    original: `https://travelclub.test/api/v1/media/${id}/original.jpg`,
    '200px': `https://travelclub.test/api/v1/media/${id}/200.jpg`,
    '600px': `https://travelclub.test/api/v1/media/${id}/600.jpg`,
  },
});
export const anImage = image;

export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    userId: 'cara-1',
    publicName: 'Cara',
    slug: 'cara',
    currency: 'USD',
    country: 'US',
    claims: ['role/creator'],
    verified: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  } as Profile;
}

export function aRecommendation(overrides: Partial<RecommendationView> = {}): RecommendationView {
  return {
    id: 'rec-1',
    hotelId: 'h-1',
    userId: 'cara-1',
    recommendationTitle: 'Mornings by the sea',
    recommendationText: 'Ask for the fourth floor.',
    images: [],
    isActive: true,
    position: 0,
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  } as RecommendationView;
}

export function aPackage(overrides: Partial<TravelPackage> = {}): TravelPackage {
  return { id: 'pkg-1', title: 'Lisbon in four days', status: 'draft', ...overrides } as TravelPackage;
}

const zero = {
  pageViews: 0,
  uniqueVisitors: 0,
  subscribers: 0,
  searches: 0,
  itinerariesStarted: 0,
  bookings: 0,
  cancellations: 0,
  grossBookingValue: {},
  commission: {},
  commissionReversed: {},
};

export function counters(day: string, totals: Partial<typeof zero> = {}): CreatorCountersAnswer {
  const all = { ...zero, ...totals };
  return { from: day, to: day, totals: all, days: [{ ...all, day }] };
}

export function aPlan(overrides: Partial<CreatorPlan> = {}): CreatorPlan {
  return {
    id: 'plan-1',
    userId: 'cara-1',
    status: 'active',
    interval: 'month',
    price: { amount: 1900, currency: 'USD' },
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    card: { brand: 'visa', last4: '4242' },
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Answers for a new creator's dashboard: a profile, nothing recommended or built, a quiet day, no plan. */
export function newCreatorAnswers(profile = aProfile()) {
  answers['creator.readProfile'] = () => profile;
  answers['creator.myRecommendations'] = () => ({ recommendations: [] });
  answers['creator.myPackages'] = () => ({ packages: [], total: 0, take: 100, skip: 0 });
  answers['creator.creatorCounters'] = ({ query }: { query: { from: string } }) => counters(query.from);
  answers['billing.creatorPlan'] = () => ({ plan: null });
  answers['creator.myPackageRequests'] = () => ({ requests: [] });
}

// ---------- rendering ----------

/** A route of the stub router; loaders and components as the route modules export them. */
export interface StubRoute {
  path?: string;
  index?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Component: ComponentType<any>;
  loader?: unknown;
  ErrorBoundary?: unknown;
  children?: StubRoute[];
}

/** A loader's request as a browser with a session sends it (the session cookie is all requireSession reads). */
export function signedInArgs<A extends { request: Request }>(args: A): A {
  return { ...args, request: new Request(args.request.url, { headers: { cookie: 'tc_session=s1' } }) };
}

export function renderRoutes(routes: StubRoute[], url: string, { user = creator as AccountView | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const Root = () => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf-1">
        <Outlet />
      </SessionProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([
    {
      Component: Root,
      HydrateFallback: () => null,
      children: [...(routes as never[]), { path: '*', Component: Landed }],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { queryClient };
}
