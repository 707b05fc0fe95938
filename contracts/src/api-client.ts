// The typed HTTP client over the endpoint definitions, for the browser, the command line and (wrapped by the
// kit) the services: fetch only, no Node APIs. Every answer is parsed by the endpoint's own response schema (a
// server's client may keep parsed answers and ask for them again by their ETag: `kept`); a refusal comes back as
// an `ApiError` carrying the catalogue code, status and details of the envelope.
import { errorCatalogue, type ErrorCode, type ErrorDetail } from './errors.js';
import { pathOf, queryString, type CallInput, type Endpoint, type ResultOf } from './endpoint.js';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** The HTTP status; 0 when no answer came (the network, a time-out, an abort). */
    readonly status: number,
    /** The catalogue code of the envelope, or undefined when the answer had none. */
    readonly code: ErrorCode | undefined,
    message: string,
    readonly details?: ErrorDetail[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What the client reads of an answer: a fetch `Response` has it, and so may a lighter answer. */
export interface FetchAnswer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}
/**
 * How the client sends a call: `fetch` itself, or a transport of the caller's that answers without a
 * `Response` (the web server's pooled calls: a `Response` would put each answer's text through web streams).
 */
export type Fetcher = (url: string, init: RequestInit) => Promise<FetchAnswer>;

/** An answer the client parsed and keeps, to be asked for again with its ETag. */
export interface KeptAnswer {
  etag: string;
  value: unknown;
  /** The length of the answer's text, for a store bounded by size. */
  length: number;
}

/** Where a client keeps answers by URL: an LRU cache (`lru-cache`'s has this shape), so the memory is bounded. */
export interface KeptAnswers {
  get(url: string): KeptAnswer | undefined;
  set(url: string, answer: KeptAnswer): unknown;
  delete(url: string): unknown;
}

/** Whether an answer's Cache-Control lets anyone keep it: `public`, and neither `private` nor `no-store`. */
export const isShareable = (cacheControl: string | null): cacheControl is string =>
  !!cacheControl && /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);

export interface ApiClientOptions {
  /** Where the API is: `https://travelclub.example` or, in a browser on the same origin, ''. */
  baseUrl: string;
  /** Headers for every call (asked for on each call, so a token can change): e.g. the bearer token. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** `fetch` itself by default. */
  fetch?: Fetcher;
  /** `include` in a browser that sends the session cookie; default `same-origin`. */
  credentials?: 'omit' | 'same-origin' | 'include';
  /**
   * Keep the parsed answers of GETs that carry an ETag and say `public`, and ask for them again with
   * If-None-Match: a 304 gives the kept value, with no body read or parsed. Only calls without a cookie or a
   * token are kept (and none at all with `credentials: 'include'`). Kept values are frozen: every caller of the
   * same URL is handed the same one. For a server (the web server's loaders); a browser has its own HTTP cache.
   */
  kept?: KeptAnswers;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Headers for this call only, over the client's. */
  headers?: Record<string, string>;
  /**
   * Told of the call once it has its answer, or failed: its URL and, when the answer it gave is one kept by its
   * ETag (kept now, or the kept one again on a 304), that tag; otherwise none.
   */
  answered?: (url: string, etag: string | undefined) => void;
}

interface Envelope {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

const catalogueCode = (code: unknown): ErrorCode | undefined =>
  typeof code === 'string' && code in errorCatalogue ? (code as ErrorCode) : undefined;

/** An error answer as an ApiError: the envelope's code and text when it has them. */
export function refusal(status: number, body: unknown): ApiError {
  const error = (body as Envelope | undefined)?.error;
  const code = catalogueCode(error?.code);
  const message = typeof error?.message === 'string' ? error.message : `The server answered ${status}`;
  const details = Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : undefined;
  return new ApiError(status, code, message, details);
}

/** The answer's body, parsed when it is JSON, and the length of its text. */
async function bodyOf(res: FetchAnswer): Promise<[body: unknown, length: number]> {
  if (res.status === 204 || res.status === 304) return [undefined, 0];
  const text = await res.text();
  if (!res.headers.get('content-type')?.includes('json')) return [text, text.length];
  try {
    return [JSON.parse(text) as unknown, text.length];
  } catch {
    return [text, text.length];
  }
}

/** Freezes a parsed answer all the way down, so that callers sharing it cannot change it for each other. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const CREDENTIALS = /^(authorization|cookie)$/i;

export function createApiClient(options: ApiClientOptions) {
  const doFetch: Fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    /** Calls an endpoint; resolves with its success answer, parsed, or rejects with an ApiError. */
    async call<E extends Endpoint>(e: E, input: CallInput<E>, call: CallOptions = {}): Promise<ResultOf<E>> {
      const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
      const url = `${base}${pathOf(e, params as Record<string, unknown>)}${queryString(query as Record<string, unknown>)}`;
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(await options.headers?.()),
        ...call.headers,
      };
      const keep =
        e.method === 'GET' &&
        options.credentials !== 'include' &&
        !Object.keys(headers).some((name) => CREDENTIALS.test(name))
          ? options.kept
          : undefined;
      const kept = keep?.get(url);
      if (kept) headers['if-none-match'] = kept.etag;
      let keptBy: string | undefined;
      try {
        let res: FetchAnswer;
        let answer: unknown;
        let length: number;
        try {
          res = await doFetch(url, {
            method: e.method,
            headers,
            body: body !== undefined ? JSON.stringify(body) : undefined,
            credentials: options.credentials ?? 'same-origin',
            signal: call.signal,
          });
          // Read inside the try: a time-out or a dropped connection half-way through the body is no answer too.
          [answer, length] = await bodyOf(res);
        } catch (err) {
          throw new ApiError(0, undefined, `${e.method} ${e.path} failed: ${(err as Error).message}`, undefined, {
            cause: err,
          });
        }
        if (res.status === 304 && kept) {
          keptBy = kept.etag;
          return kept.value as ResultOf<E>;
        }
        // Whatever else comes back, the kept answer is no longer the one to ask with.
        if (kept) keep?.delete(url);
        if (!res.ok) throw refusal(res.status, answer);
        const schema = e.responses[res.status];
        if (!schema)
          throw new ApiError(res.status, undefined, `${e.method} ${e.path} answered an undeclared ${res.status}`);
        const parsed = schema.safeParse(answer);
        if (!parsed.success)
          throw new ApiError(
            res.status,
            undefined,
            `${e.method} ${e.path} answered a body that is not its shape`,
            undefined,
            {
              cause: parsed.error,
            },
          );
        const etag = res.headers.get('etag');
        if (keep && etag && isShareable(res.headers.get('cache-control'))) {
          keep.set(url, { etag, value: deepFreeze(parsed.data), length });
          keptBy = etag;
        }
        return parsed.data as ResultOf<E>;
      } finally {
        call.answered?.(url, keptBy);
      }
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
