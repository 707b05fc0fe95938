// The stays pages' test world: a stand-in for ~/lib/browser-api (calls and uploads answered from `answers`, by
// the endpoint's key under its service, e.g. 'creator.recommendHotel'; the real endpoints and ApiError), a
// creator's recommendations, and the editor and list rendered as the app routes them, with a stand-in for the
// browser's object URLs (jsdom has none).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { ApiError, endpoints, type AccountView, type RecommendationView } from '@travelclub/contracts';
import { createRoutesStub, Outlet } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '~/lib/session';
import NewStayPage from '~/routes/dashboard-stay-add';
import EditStayPage from '~/routes/dashboard-stay';
import ManageStaysPage from '~/routes/dashboard-manage-stays';
import { account } from '../accounts';
import { Landed } from '../render-page';

// The pages load their widgets and the API module on first use, on a shared machine: waits get more time.
configure({ asyncUtilTimeout: 10_000 });

const names = new Map<object, string>();
for (const [service, group] of Object.entries(endpoints))
  for (const [name, e] of Object.entries(group)) names.set(e, `${service}.${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = (input: any, extra?: any) => unknown;
export const answers: Record<string, Answer> = {};

function answer(e: object, input: unknown, extra?: unknown) {
  const name = names.get(e) ?? 'unknown';
  const found = answers[name];
  if (!found) throw new Error(`no answer for ${name}`);
  return found(input, extra);
}

export interface UploadOptions {
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

export const browserApi = {
  endpoints,
  ApiError,
  initSession: vi.fn(),
  onSessionChange: vi.fn(() => () => undefined),
  call: vi.fn(async (e: object, input: unknown) => answer(e, input)),
  upload: vi.fn(async (e: object, input: unknown, form: FormData, options: UploadOptions = {}) =>
    answer(e, input, { form, options }),
  ),
};

export function resetApi() {
  for (const key of Object.keys(answers)) delete answers[key];
  browserApi.call.mockClear();
  browserApi.upload.mockClear();
}

/** The inputs of the calls made to one endpoint ('creator.toggleRecommendation'). */
export const callsOf = (name: string) =>
  browserApi.call.mock.calls.filter(([e]) => names.get(e) === name).map(([, input]) => input);

/** The uploads made: their params and form. */
export const uploads = () => browserApi.upload.mock.calls.map(([, input, form]) => ({ input, form: form as FormData }));

export const refusal = (status: number, code: string, message: string, details?: { path: string; message: string }[]) =>
  new ApiError(status, code as never, message, details);

// ---------- object URLs ----------

export const objectUrls = { made: [] as string[], revoked: [] as string[] };
export function stubObjectUrls() {
  objectUrls.made = [];
  objectUrls.revoked = [];
  let next = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((file: File) => {
      const url = `blob:preview/${++next}/${file.name}`;
      objectUrls.made.push(url);
      return url;
    }),
    revokeObjectURL: vi.fn((url: string) => void objectUrls.revoked.push(url)),
  });
}

/** A file of `bytes` bytes (its contents do not matter: the browser sends it, the server checks it). */
export const photo = (name: string, type = 'image/jpeg', bytes = 2048) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

// ---------- fixtures ----------

export const creator: AccountView = account({ id: 'creator-1', roles: ['role/customer', 'role/creator'] });

const image = (id: string) => ({
  provider: 'local',
  publicId: id,
  links: {
    original: `https://img.test/${id}/original.jpg`,
    '200px': `https://img.test/${id}/200.jpg`,
    '600px': `https://img.test/${id}/600.jpg`,
  },
});

export function aStay(overrides: Partial<RecommendationView> = {}): RecommendationView {
  const hotelId = overrides.hotelId ?? 'h1';
  return {
    id: `rec-${hotelId}`,
    hotelId,
    userId: 'creator-1',
    recommendationTitle: 'Sunset views',
    recommendationText: 'Ask for a room on the top floor.',
    tileImage: image(`${hotelId}-tile`),
    images: [],
    isActive: true,
    position: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
export const withPhotos = (stay: RecommendationView): RecommendationView => ({
  ...stay,
  coverImage: image(`${stay.hotelId}-cover`),
  images: [image(`${stay.hotelId}-a`), image(`${stay.hotelId}-b`)],
});

// ---------- rendering ----------

export function renderStays(url: string, { user = creator as AccountView | null } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  const Stub = createRoutesStub([
    {
      path: '/',
      HydrateFallback: () => null,
      Component: () => (
        <QueryClientProvider client={queryClient}>
          <SessionProvider isAuthenticated={Boolean(user)} user={user} csrfToken="csrf-1">
            <Outlet />
          </SessionProvider>
        </QueryClientProvider>
      ),
      children: [
        { path: 'dashboard/stays/add', Component: NewStayPage as never },
        { path: 'dashboard/stays/:id', Component: EditStayPage as never },
        { path: 'dashboard/manage-stays', Component: ManageStaysPage as never },
        { path: '*', Component: Landed },
      ],
    },
  ]);
  const view = render(<Stub initialEntries={[url]} />);
  return { ...view, queryClient };
}
