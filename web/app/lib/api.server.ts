// Calls from loaders and actions, on the server: the typed client straight to the service that owns the
// endpoint. The visitor's address and the request's correlation id go along; their cookie only when asked
// (session reads), their token when given. Answers the services tag (a hotel's page, a club's) are kept parsed
// and asked for again with their ETag: a 304 is neither read nor parsed (docs/web.md, "Answers kept by their ETag").
import {
  ApiError,
  createApiClient,
  type CallInput,
  type Endpoint,
  type KeptAnswer,
  type ResultOf,
} from '@travelclub/contracts';
import { LRUCache } from 'lru-cache';
import { webConfig } from './config.server';
import { pooledFetch } from './pooled-fetch.server';

/** Tagged answers kept per service, by the length of their text: the hotels and clubs opened most (7–10 KB each). */
const KEPT_TEXT = 8 * 1024 * 1024;

const clients = new Map<string, ReturnType<typeof createApiClient>>();

function clientFor(e: Endpoint) {
  const baseUrl = webConfig.serviceUrl(e.service);
  if (!baseUrl) throw new ApiError(503, 'service-unavailable', `No address is set for the ${e.service} service`);
  let client = clients.get(baseUrl);
  if (!client) {
    // A parsed answer takes a few times its text's memory: some 30 MB a service at most.
    const kept = new LRUCache<string, KeptAnswer>({
      maxSize: KEPT_TEXT,
      sizeCalculation: (a) => Math.max(1, a.length),
    });
    clients.set(baseUrl, (client = createApiClient({ baseUrl, fetch: pooledFetch(baseUrl), kept })));
  }
  return client;
}

export interface ServerCallOptions {
  /** Pass the visitor's cookies (the session cookie) along. */
  cookies?: boolean;
  /** An access token to call with. */
  token?: string;
  headers?: Record<string, string>;
}

/** Calls an endpoint on behalf of the visitor whose request this is. */
export function serverCall<E extends Endpoint>(
  request: Request,
  e: E,
  input: CallInput<E>,
  options: ServerCallOptions = {},
): Promise<ResultOf<E>> {
  const headers: Record<string, string> = { ...options.headers };
  const forwardedFor = request.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const correlation = request.headers.get('x-correlation-id') ?? request.headers.get('x-request-id');
  if (correlation) headers['x-correlation-id'] = correlation;
  const cookie = request.headers.get('cookie');
  if (options.cookies && cookie) headers.cookie = cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return clientFor(e).call(e, input, { headers, signal: AbortSignal.timeout(webConfig.callTimeoutMs) });
}

export { cookieOf } from './cookies';
