// Every read of the web app's TanStack Query cache, in one place: a `queryOptions` factory an endpoint, whose key
// is the endpoint's service and name (as `endpoints.<service>.<name>` spells them in the contracts) and the input
// it is called with, so the key and the call are made from the same three values and cannot drift apart. Pages
// read with these factories (adding when and how: enabled, initial data, polling), and the changes that write or
// invalidate an entry take its key from the same factory, or `endpointKey(service, name)` for all of an endpoint's
// entries. What a factory keeps is the endpoint's answer, or the one list the answer carries (`.recommendations`).
// The calls go through the browser API module, loaded on demand: no value of the contracts is imported here.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CallInput, Endpoint, Itinerary, ResultOf } from '@travelclub/contracts';
import { codeOf, retryHiccup, statusOf } from './api-errors';
import { loadApi, type BrowserApi } from './session';

type Endpoints = BrowserApi['endpoints'];
type Service = keyof Endpoints;
type Named<S extends Service> = keyof Endpoints[S] & string;
type At<S extends Service, N extends Named<S>> = Endpoints[S][N];
type InputOf<S extends Service, N extends Named<S>> = CallInput<At<S, N>>;
type AnswerOf<S extends Service, N extends Named<S>> = ResultOf<At<S, N>>;

/**
 * The cache key of what an endpoint answers to `input`: `['creator', 'readPackage', { params: { id } }]`.
 * Without the input, the key every entry of the endpoint starts with (to invalidate all of them).
 */
export function endpointKey<S extends Service, N extends Named<S>>(service: S, name: N, ...input: [InputOf<S, N>?]) {
  return [service, name, ...input] as const;
}

/** Calls an endpoint by its service and name, through the browser API module. */
async function ask<S extends Service, N extends Named<S>>(
  service: S,
  name: N,
  input: InputOf<S, N>,
  signal?: AbortSignal,
): Promise<AnswerOf<S, N>> {
  const api = await loadApi();
  const endpoint = api.endpoints[service][name] as unknown as Endpoint;
  return api.call(endpoint, input as CallInput<Endpoint>, { signal }) as Promise<AnswerOf<S, N>>;
}

/** The key and the call of an endpoint's answer to `input`, kept whole or as `pick` takes from it. */
function fromEndpoint<S extends Service, N extends Named<S>, T = AnswerOf<S, N>>(
  service: S,
  name: N,
  input: InputOf<S, N>,
  pick: (answer: AnswerOf<S, N>) => T = (answer) => answer as unknown as T,
) {
  return {
    queryKey: endpointKey(service, name, input),
    queryFn: async ({ signal }: { signal: AbortSignal }) => pick(await ask(service, name, input, signal)),
  };
}

/** The query of an endpoint's answer (whole, or as `pick` takes from it), asked once more after a hiccup. */
function readQuery<S extends Service, N extends Named<S>, T = AnswerOf<S, N>>(
  service: S,
  name: N,
  input: InputOf<S, N>,
  pick?: (answer: AnswerOf<S, N>) => T,
) {
  return queryOptions({ ...fromEndpoint(service, name, input, pick), retry: retryHiccup });
}

// ---------- a creator's own data ----------

/**
 * The creator's profile. The creator service makes it from the sign-up; a role granted a moment ago may have
 * no profile yet, so one is made (the call is idempotent) rather than showing an error.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: endpointKey('creator', 'readProfile', {}),
    queryFn: async ({ signal }) => {
      try {
        return await ask('creator', 'readProfile', {}, signal);
      } catch (err) {
        if (codeOf(err) !== 'profile-not-found') throw err;
        return ask('creator', 'createProfile', { body: null }, signal);
      }
    },
    retry: retryHiccup,
  });

export const myRecommendationsQuery = () =>
  readQuery('creator', 'myRecommendations', {}, (answer) => answer.recommendations);

/** The creator's recommendation of a hotel, as stored now. */
export const recommendationQuery = (hotelId: string, recommendationId: string) =>
  readQuery('creator', 'readRecommendation', { params: { id: hotelId, recommendationId } });

export const myPackagesQuery = () =>
  readQuery('creator', 'myPackages', { query: { take: 100 } }, (answer) => answer.packages);

export const packageQuery = (id: string) => readQuery('creator', 'readPackage', { params: { id } });

export const myGuidesQuery = () =>
  readQuery('creator', 'myGuides', { query: { take: 100, skip: 0 } }, (answer) => answer.guides);

export const packageRequestsQuery = () => readQuery('creator', 'myPackageRequests', {}, (answer) => answer.requests);

/** The counters of one range of UTC days (both included): one cache entry a range, for the dashboard and analytics. */
export const countersQuery = (from: string, to: string) =>
  readQuery('creator', 'creatorCounters', { query: { from, to } });

/** The club as visitors see it, for the creator's preview: never kept beyond the club view's few seconds. */
export const clubViewQuery = (slug: string) =>
  queryOptions({ ...fromEndpoint('creator', 'clubView', { params: { slug } }), staleTime: 0, retry: retryHiccup });

/** Whether a club address is free, and if not, why. */
export const slugAvailableQuery = (handle: string) => readQuery('creator', 'isAvailable', { params: { handle } });

/** The creator's paid plan, or null while they have none (billing answers `{ plan: null }`, not a refusal). */
export const creatorPlanQuery = () => readQuery('billing', 'creatorPlan', {}, (answer) => answer.plan);

export const payoutQuery = () => readQuery('billing', 'myPayout', {});

// ---------- Taylor, the assistant ----------

export const conversationsQuery = () =>
  readQuery('assistant', 'listConversations', {}, (answer) => answer.conversations);

export const conversationQuery = (id: string) => readQuery('assistant', 'readConversation', { params: { id } });

/** The drafts Taylor saved that are still open. */
export const openDraftsQuery = () =>
  readQuery('assistant', 'listDrafts', { query: { status: 'open' } }, (answer) => answer.drafts);

export const draftQuery = (id: string) => readQuery('assistant', 'readDraft', { params: { id } });

// ---------- the catalog ----------

/** A hotel of the catalog with its room types (the hotel page's answer, without rates). */
export const hotelQuery = (id: string) => readQuery('catalog', 'hotel', { params: { id } });

/** The catalog's autocomplete: up to `take` cities, countries and hotels for what was typed. */
export const autocompleteQuery = (query: string, take: number) =>
  queryOptions(fromEndpoint('catalog', 'autocomplete', { query: { query, take } }, (answer) => answer.destinations));

/** The first `take` hotels of a destination. */
export const destinationHotelsQuery = (destination: string, take: number) =>
  queryOptions(fromEndpoint('catalog', 'listHotels', { body: { destination, take } }));

type AreaRequest = InputOf<'catalog', 'boundingBox'>['body'];

/** The hotels in a map area, for a stay (the body of POST /api/v1/hotel/boundingBox); null: no area, not asked. */
export const areaHotelsQuery = (body: AreaRequest | null) =>
  queryOptions({ ...fromEndpoint('catalog', 'boundingBox', { body: body! }), enabled: body !== null });

// ---------- itineraries and invoices ----------

export const itineraryQuery = (id: string) => readQuery('itinerary', 'readItinerary', { params: { id } });

export const invoiceQuery = (id: string) => readQuery('billing', 'invoice', { params: { id } });

/**
 * The traveller's latest open itinerary (their cart), anonymous carts included; null when they have none, or no
 * session after all: nothing to continue. The home page shows it, the hotel page adds to it.
 */
export const latestItineraryQuery = () =>
  queryOptions({
    queryKey: endpointKey('itinerary', 'latestItinerary', {}),
    queryFn: async ({ signal }): Promise<Itinerary | null> => {
      try {
        return await ask('itinerary', 'latestItinerary', {}, signal);
      } catch (err) {
        const status = statusOf(err);
        if (codeOf(err) === 'itinerary-not-found' || status === 401 || status === 404) return null;
        throw err;
      }
    },
  });

/** Every itinerary of the traveller's, `take` a page, newest first. */
export const tripsQuery = (take: number) =>
  infiniteQueryOptions({
    queryKey: endpointKey('itinerary', 'listItineraries', { query: { take } }),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      ask('itinerary', 'listItineraries', { query: { take, skip: pageParam } }, signal),
    getNextPageParam: (last) => (last.skip + last.itineraries.length < last.total ? last.skip + last.take : undefined),
  });

/** What cancelling an itinerary now costs and gives back: it changes with time, so it is always read afresh. */
export const cancellationTermsQuery = (id: string) =>
  queryOptions({ ...fromEndpoint('itinerary', 'cancellationTerms', { params: { id } }), staleTime: 0 });
