// The experiences tests' world: a stand-in for ~/lib/browser-api (every call answered from `answers` by the
// endpoint's name such as 'creator.savePackage', uploads from `uploadAnswer`; the real endpoint definitions and
// ApiError), fixtures (a creator, packages, guides, a hotel) and a render of the builder's and the manage page's
// routes under the query and session providers, with stand-ins for where links lead.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import {
  ApiError,
  endpoints,
  type AccountView,
  type ErrorDetail,
  type Guide,
  type TravelPackage,
} from '@travelclub/contracts';
import type { ComponentType } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';
import { Landed } from '../render-page';

// The builder's widgets load on first use, and this machine is shared: waits get more time.
configure({ asyncUtilTimeout: 10_000 });

const names = new Map<object, string>();
for (const [service, group] of Object.entries(endpoints))
  for (const [name, e] of Object.entries(group)) names.set(e, `${service}.${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = (input: any) => unknown;
export const answers: Record<string, Answer> = {};

export interface UploadCall {
  name: string;
  input: unknown;
  form: FormData;
  onProgress?: (sent: number) => void;
}
/** How uploads answer: a test replaces it (to hold one open, or refuse it). */
export let uploadAnswer: (call: UploadCall) => Promise<unknown> = async () => {
  throw new Error('no upload answer');
};
export const setUploadAnswer = (answer: typeof uploadAnswer) => {
  uploadAnswer = answer;
};
export const uploads: UploadCall[] = [];

export const browserApi = {
  endpoints,
  ApiError,
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  call: vi.fn(async (e: object, input: unknown) => {
    const name = names.get(e) ?? 'unknown';
    const answer = answers[name];
    if (!answer) throw new Error(`no answer for ${name}`);
    return answer(input);
  }),
  upload: vi.fn(
    async (e: object, input: unknown, form: FormData, options?: { onProgress?: (sent: number) => void }) => {
      const call = { name: names.get(e) ?? 'unknown', input, form, onProgress: options?.onProgress };
      uploads.push(call);
      return uploadAnswer(call);
    },
  ),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
  browserApi.upload.mockClear();
  uploads.length = 0;
  uploadAnswer = async () => {
    throw new Error('no upload answer');
  };
  answers['creator.readProfile'] = () => aProfile();
}

/** The inputs of the calls made to one endpoint, by name. */
export const callsOf = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => names.get(e) === name).map(([, input]) => input);

export const refusal = (status: number, code: string, message: string, details?: ErrorDetail[]) =>
  new ApiError(status, code as never, message, details);

// ---------- fixtures ----------

export const creator: AccountView = {
  id: 'ana-1',
  email: 'ana@example.com',
  publicName: 'Ana',
  roles: ['role/customer', 'role/creator'],
  isAnonymous: false,
  isNew: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export function aProfile(overrides: Record<string, unknown> = {}) {
  return {
    userId: 'ana-1',
    publicName: 'Ana',
    slug: 'ana',
    currency: 'EUR',
    country: 'PT',
    claims: ['role/creator'],
    verified: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const asset = (publicId: string) => ({
  provider: 'local',
  publicId,
  links: {
    original: `https://img.example/${publicId}.jpg`,
    '200px': `https://img.example/${publicId}-200.jpg`,
    '600px': `https://img.example/${publicId}-600.jpg`,
  },
});
export { asset };

/** An ISO date `days` from today (UTC). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function aPackage(overrides: Partial<TravelPackage> = {}): TravelPackage {
  return {
    id: 'pkg-1',
    userId: 'ana-1',
    title: 'Five days in Lisbon',
    summary: 'Tiles and tram rides.',
    gallery: [],
    days: [
      { title: 'Arrival', text: 'Check in.', activities: [], stay: { hotelId: 'h1', roomType: 'double' } },
      { title: 'Sintra', text: '', activities: ['Palace'], stay: { hotelId: 'h1', roomType: 'double' } },
      { title: 'Home', text: '', activities: [] },
    ],
    nights: 2,
    stays: [{ hotelId: 'h1', roomType: 'double', night: 0, nights: 2 }],
    pricing: { kind: 'perPerson', price: { amount: 125050, currency: 'EUR' } },
    offeredDates: { kind: 'any' },
    capacity: 6,
    status: 'draft',
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function aGuide(overrides: Partial<Guide> = {}): Guide {
  return {
    id: 'g-1',
    userId: 'ana-1',
    title: 'Porto on foot',
    summary: '',
    days: [{ title: 'Ribeira', places: [], blocks: [] }],
    status: 'published',
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** A catalog hotel with its room types, as `catalog.hotel` answers (the parts the builder reads). */
export function aHotel(id: string, name: string, roomTypes = [{ type: 'double', name: 'Double room', maxGuests: 2 }]) {
  return { id, name, slug: name.toLowerCase().replace(/\W+/g, '-'), roomTypes };
}

/** The catalog's autocomplete: a city and two hotels, whatever is typed. */
export const hotelSuggestions = () => ({
  query: 'x',
  destinations: [
    { id: 'city-1', name: 'Lisbon', locationType: 'city', countryCode: 'PT', label: 'Lisbon, Portugal', hotelCount: 3 },
    {
      id: 'hotel-h1',
      name: 'Casa Azul',
      locationType: 'hotel',
      countryCode: 'PT',
      label: 'Casa Azul, Lisbon',
      hotelCount: 1,
    },
    {
      id: 'hotel-h2',
      name: 'Hotel Sol',
      locationType: 'hotel',
      countryCode: 'PT',
      label: 'Hotel Sol, Lisbon',
      hotelCount: 1,
    },
  ],
});

/** Answers the builder needs on every page: the creator's profile and the catalog. */
export function catalogAnswers() {
  answers['catalog.autocomplete'] = hotelSuggestions;
  answers['catalog.hotel'] = ({ params }: { params: { id: string } }) =>
    params.id === 'h2'
      ? aHotel('h2', 'Hotel Sol', [
          { type: 'suite', name: 'Suite', maxGuests: 3 },
          { type: 'single', name: 'Single room', maxGuests: 1 },
        ])
      : aHotel('h1', 'Casa Azul');
}

// ---------- rendering ----------

export interface StubRoute {
  path: string;
  Component: ComponentType;
  loader?: () => unknown;
}

const target = (text: string) => () => <p>{text}</p>;
const MANAGE = '/dashboard/manage-itineraries';

export function renderRoutes(routes: StubRoute[], url: string, { user = creator as AccountView | null } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const Root = () => (
    <QueryClientProvider client={client}>
      <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf-1">
        <Outlet />
      </SessionProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([
    {
      Component: Root,
      HydrateFallback: () => null,
      children: [
        ...routes.map((r) => ({
          path: r.path,
          Component: r.Component as never,
          loader: (r.loader ?? (() => null)) as never,
        })),
        ...(routes.some((r) => r.path === MANAGE) ? [] : [{ path: MANAGE, Component: target('The manage page') }]),
        { path: '*', Component: Landed },
      ],
    },
  ]);
  const view = render(<Stub initialEntries={[url]} />);
  return { client, ...view };
}
