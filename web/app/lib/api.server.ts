// Calls from loaders and actions, on the server: the typed client straight to the service that owns the
// endpoint. The visitor's address and the request's correlation id go along; their cookie only when asked
// (session reads), their token when given. Answers the services tag (a hotel's page, a club's) are kept parsed
// and asked for again with their ETag: a 304 is neither read nor parsed (docs/web.md, "Answers kept by their ETag").
// A shared page's render records its calls with those tags, for the page cache to ask again once the page's time
// is over (`withCallsRecorded`, `unchangedAnswers`; docs/web.md, "Before that, the kept page's calls alone...").
import {
  ApiError,
  createApiClient,
  type CallInput,
  type Endpoint,
  type Fetcher,
  type KeptAnswer,
  type ResultOf,
} from '@travelclub/contracts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import { webConfig } from './config.server';
import type { RecordedCall } from './page-reuse.server';
import { pooledFetch } from './pooled-fetch.server';

/** Tagged answers kept per service, by the length of their text: the hotels and clubs opened most (7–10 KB each). */
const KEPT_TEXT = 8 * 1024 * 1024;

interface Service {
  client: ReturnType<typeof createApiClient>;
  fetch: Fetcher;
}
const services = new Map<string, Service>();

function serviceAt(baseUrl: string): Service {
  let service = services.get(baseUrl);
  if (!service) {
    // A parsed answer takes a few times its text's memory: some 30 MB a service at most.
    const kept = new LRUCache<string, KeptAnswer>({
      maxSize: KEPT_TEXT,
      sizeCalculation: (a) => Math.max(1, a.length),
    });
    const fetch = pooledFetch(baseUrl);
    services.set(baseUrl, (service = { client: createApiClient({ baseUrl, fetch, kept }), fetch }));
  }
  return service;
}

function baseUrlOf(e: Endpoint): string {
  const baseUrl = webConfig.serviceUrl(e.service);
  if (!baseUrl) throw new ApiError(503, 'service-unavailable', `No address is set for the ${e.service} service`);
  return baseUrl;
}

/** The calls of the shared render under way in this async context, when the web server records them. */
const recording = new AsyncLocalStorage<RecordedCall[]>();

/** Runs `render` (a shared page's request) with every call its loaders make recorded in `calls`. */
export const withCallsRecorded = <T>(calls: RecordedCall[], render: () => T): T => recording.run(calls, render);

/** How long the check of a kept page's calls may take before the page is made as on any visit instead. */
const REVALIDATE_MS = 1_000;

/**
 * Whether a kept page's calls would answer what they answered when it was rendered: each asked again with the tag
 * its answer was kept by, every one answered 304. False when one was not kept (nothing to ask with), changed,
 * failed or took longer than REVALIDATE_MS (the first answer that is not a 304 ends the check): the page is then
 * made as on any visit, and that says what went wrong.
 */
export async function unchangedAnswers(calls: readonly RecordedCall[]): Promise<boolean> {
  if (calls.length === 0 || calls.some((call) => !call.etag)) return false;
  const check = new AbortController();
  const giveUp = setTimeout(() => check.abort(), REVALIDATE_MS);
  try {
    const answers = await Promise.all(
      calls.map(async ({ baseUrl, url, etag }) => {
        const headers = { accept: 'application/json', 'if-none-match': etag! };
        const answer = await serviceAt(baseUrl).fetch(url, { method: 'GET', headers, signal: check.signal });
        if (answer.status !== 304) check.abort();
        return answer.status === 304;
      }),
    );
    return answers.every(Boolean);
  } catch {
    return false;
  } finally {
    clearTimeout(giveUp);
  }
}

export interface ServerCallOptions {
  /** Pass the visitor's cookies (the session cookie) along. */
  cookies?: boolean;
  /** An access token to call with. */
  token?: string;
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint on behalf of the visitor whose request this is. In a shared render every call is recorded, a
 * call that failed before it was sent too (without a tag).
 */
export async function serverCall<E extends Endpoint>(
  request: Request,
  e: E,
  input: CallInput<E>,
  options: ServerCallOptions = {},
): Promise<ResultOf<E>> {
  const calls = recording.getStore();
  let recorded = false;
  const record = (call: RecordedCall) => {
    recorded = true;
    calls?.push(call);
  };
  const headers: Record<string, string> = { ...options.headers };
  const forwardedFor = request.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const correlation = request.headers.get('x-correlation-id') ?? request.headers.get('x-request-id');
  if (correlation) headers['x-correlation-id'] = correlation;
  const cookie = request.headers.get('cookie');
  if (options.cookies && cookie) headers.cookie = cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  try {
    const baseUrl = baseUrlOf(e);
    return await serviceAt(baseUrl).client.call(e, input, {
      headers,
      signal: AbortSignal.timeout(webConfig.callTimeoutMs),
      answered: (url, etag) => record({ baseUrl, url, etag }),
    });
  } catch (err) {
    if (!recorded) record({ baseUrl: '', url: e.path, etag: undefined });
    throw err;
  }
}

export { cookieOf } from './cookies';
