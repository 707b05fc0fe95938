// The itinerary pages' 404 'Itinerary not found' (no id in the path, or an itinerary the API does not
// know), and the sign-in prompt for a signed-out visitor.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@travelclub/contracts';
import Confirmation, { loader as confirmationLoader, meta as confirmationMeta } from '~/routes/itinerary-confirmation';
import Contact, { loader as contactLoader } from '~/routes/itinerary-contact';
import Payment, { loader as paymentLoader } from '~/routes/itinerary-payment';
import { anItinerary, answers, member, notFoundError, renderRoutes, resetApi, type StubRoute } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);
// The loaders' calls to the services, on the server.
const { serverCall } = vi.hoisted(() => ({ serverCall: vi.fn() }));
vi.mock('~/lib/api.server', () => ({ serverCall }));

const pages: [string, StubRoute][] = [
  [
    'contact',
    { path: '/itinerary/:itineraryId?/contact', Component: Contact as never, loader: contactLoader as never },
  ],
  [
    'payment',
    { path: '/itinerary/:itineraryId?/payment', Component: Payment as never, loader: paymentLoader as never },
  ],
  [
    'confirmation',
    {
      path: '/itinerary/:itineraryId?/confirmation',
      Component: Confirmation as never,
      loader: confirmationLoader as never,
    },
  ],
];

describe.each(pages)('/itinerary/{id}/%s', (step, route) => {
  beforeEach(resetApi);

  it("is a 404 'Itinerary not found' without an id", async () => {
    renderRoutes([route], `/itinerary/${step}`);
    expect(await screen.findByRole('heading', { name: 'Itinerary not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });

  it("is 'Itinerary not found' when the API answers 404 in the browser, and says so in the title", async () => {
    answers['itinerary.readItinerary'] = () => {
      throw notFoundError();
    };
    renderRoutes([route], `/itinerary/it-404/${step}`);
    expect(await screen.findByRole('heading', { name: 'Itinerary not found' })).toBeTruthy();
    expect(screen.queryByText('Loading your itinerary…')).toBeNull();
    expect(document.title).toBe('Itinerary not found · TravelClub');
  });

  it('asks a signed-out visitor to sign in, coming back here', async () => {
    renderRoutes([route], `/itinerary/it-1/${step}`, { user: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/signIn?returnUrl=${encodeURIComponent(`/itinerary/it-1/${step}`)}`,
    );
  });
});

describe('the loaders', () => {
  const request = (cookie?: string) =>
    new Request('http://travelclub.test/itinerary/it-1/contact', cookie ? { headers: { cookie } } : {});
  const session = 'tc_session=s1; tc_csrf=c1';
  beforeEach(() => serverCall.mockReset());

  it('give the id to the page, and leave the itinerary to the browser without a session', async () => {
    const data = await contactLoader({ request: request(), params: { itineraryId: 'it-1' } } as never);
    expect(data).toEqual({ itineraryId: 'it-1', status: null });
    expect(serverCall).not.toHaveBeenCalled();
  });

  it.each([
    ['contact', contactLoader],
    ['payment', paymentLoader],
    ['confirmation', confirmationLoader],
  ])("%s: throws a 404 'Itinerary not found' for an id no itinerary can have, without asking", async (_, loader) => {
    const thrown = await (loader as (args: unknown) => Promise<unknown>)({
      request: request(session),
      params: { itineraryId: 'x'.repeat(200) },
    }).catch((err: unknown) => err);
    expect(thrown).toMatchObject({ data: { title: 'Itinerary not found' }, init: { status: 404 } });
    expect(serverCall).not.toHaveBeenCalled();
  });

  it("asks with the visitor's session: the API's 404 is the page's, its status goes to the title", async () => {
    // (The mocked module's function is also called once without arguments by the test runner: ignored.)
    serverCall.mockImplementation(async (_request: Request, e?: { path: string }) => {
      if (!e) return undefined;
      if (e.path.endsWith('/session/token')) return { accessToken: 'token-1', user: member };
      throw new ApiError(404, 'itinerary-not-found', 'Itinerary not found');
    });
    const thrown = await confirmationLoader({
      request: request(session),
      params: { itineraryId: 'it-9' },
    } as never).catch((err: unknown) => err);
    expect(thrown).toMatchObject({ data: { title: 'Itinerary not found' }, init: { status: 404 } });
    expect(serverCall.mock.calls[0]![3]).toMatchObject({ cookies: true, headers: { 'x-csrf-token': 'c1' } });
    expect(serverCall.mock.calls[1]![3]).toEqual({ token: 'token-1' });

    serverCall.mockImplementation(async (_request: Request, e?: { path: string }) =>
      e?.path.endsWith('/session/token') ? { accessToken: 'token-1', user: member } : anItinerary({ status: 'draft' }),
    );
    const data = await confirmationLoader({ request: request(session), params: { itineraryId: 'it-1' } } as never);
    expect(data).toEqual({ itineraryId: 'it-1', status: 'draft' });
  });

  it('titles the confirmation "Booking confirmed" only for a booking the server saw confirmed', () => {
    const titleOf = (loaderData: unknown, error?: unknown) =>
      (confirmationMeta({ loaderData, error } as never) as { title?: string }[])[0]!.title;
    expect(titleOf({ itineraryId: 'it-1', status: 'confirmed' })).toBe('Booking confirmed · TravelClub');
    expect(titleOf({ itineraryId: 'it-1', status: 'pending_payment' })).toBe('Your booking · TravelClub');
    expect(titleOf({ itineraryId: 'it-1', status: null })).toBe('Your booking · TravelClub');
    expect(titleOf(undefined, new Error('404'))).toBe('Itinerary not found · TravelClub');
  });

  it('lets the API decide when asking fails for another reason (the browser says what went wrong)', async () => {
    serverCall.mockImplementation(async (_request: Request, e?: { path: string }) => {
      if (e) throw new ApiError(503, 'service-unavailable', 'down');
    });
    const data = await paymentLoader({ request: request(session), params: { itineraryId: 'it-1' } } as never);
    expect(data).toEqual({ itineraryId: 'it-1', status: null });
  });
});
