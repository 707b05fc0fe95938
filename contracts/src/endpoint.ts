// One definition per endpoint (docs/architecture.md, "Endpoints"): its method and path, the shapes of what it
// takes and answers, the error codes it may answer, and who may call it. Services register their routes from
// these definitions (the kit's `registerEndpoints`), the gateway routes, limits and documents from them alone,
// OpenAPI is generated from them, and both typed clients (the kit's for services, `createApiClient` for the browser and
// the command line) call through them.
import type { z } from 'zod';
import type { Role } from './entities.js';
import type { ErrorCode } from './errors.js';
import type { ServiceName } from './internal-api.js';
import { fillPath } from './paths.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call an endpoint:
 * - `public`: anyone; a token is not read;
 * - `public-or-user`: anyone; a valid token, when sent, names the caller;
 * - `user`: any valid access token, an anonymous one included;
 * - `customer`, `creator`, `support`: an access token with that role;
 * - `{ callers }`: an internal route, for these services' identities only (never routed by the gateway).
 */
export type Access =
  | 'public'
  | 'public-or-user'
  | 'user'
  | 'customer'
  | 'creator'
  | 'support'
  | { readonly callers: readonly ServiceName[] };

export const ROLE_OF_ACCESS = {
  customer: 'role/customer',
  creator: 'role/creator',
  support: 'role/support',
} as const satisfies Record<string, Role>;

export interface Endpoint {
  /** The service that answers it. */
  readonly service: ServiceName;
  readonly method: HttpMethod;
  /** Fastify-style: `:name` for a parameter. */
  readonly path: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Each answer by status. A success answer that is not JSON (an image, a redirect) is declared as `z.unknown()`. */
  readonly responses: { readonly [status: number]: z.ZodType };
  /** The catalogue codes it may answer besides `validation-failed` and `internal`. */
  readonly errors: readonly ErrorCode[];
  /** The answer to a call without a token where it is not `unauthenticated` (the cart's "Token not found"). */
  readonly missingToken?: ErrorCode;
  /**
   * The gateway's rate limit: every call counts against the per-address limit; a `tight` endpoint's (one that
   * guesses secrets or sends mail to an address anyone may type) against the tighter one as well.
   */
  readonly limit?: 'tight';
  /** It takes image uploads (multipart): the gateway allows its body UPLOAD_BODY_LIMIT_BYTES, not BODY_LIMIT_BYTES. */
  readonly uploads?: true;
  /**
   * A public GET (`access: 'public'`) whose success answer is the same for everyone for this many seconds: it goes
   * out with `Cache-Control: public, max-age=N` (the kit sets it, never on an error), and the gateway may answer it
   * again from its shared cache until then (gateway/README.md, step 7). That cache tells answers apart by path and
   * query only: the answer must not depend on the request's headers.
   */
  readonly cacheSeconds?: number;
  /** One line for the OpenAPI document. */
  readonly summary?: string;
}

/** Who answers an endpoint and who may call it, shared by a group of definitions (see `accessOf`). */
export type Answerer = Pick<Endpoint, 'service' | 'access' | 'missingToken'>;
/** The rest of a definition: what it takes, answers and refuses, and how the gateway treats it. */
export type EndpointParts = Omit<Endpoint, keyof Answerer | 'method' | 'path'>;

/**
 * Declares an endpoint: who answers and may call it, its method and path, then the rest. It keeps the exact type
 * (schemas, statuses, access) for servers and clients.
 */
export const endpoint = <
  const A extends Answerer,
  const M extends HttpMethod,
  const P extends string,
  const R extends EndpointParts,
>(
  answerer: A,
  method: M,
  path: P,
  parts: R,
): A & { readonly method: M; readonly path: P } & R => ({ ...answerer, method, path, ...parts });

/**
 * One service's answering service and access, the first argument of its definitions: `open` (`public`),
 * `openOrUser` (`public-or-user`), `signedIn` (`user`), `creator` and `support` (that role), `internal('billing')`
 * (those callers only).
 */
export const accessOf = <const S extends ServiceName>(service: S) =>
  ({
    open: { service, access: 'public' },
    openOrUser: { service, access: 'public-or-user' },
    signedIn: { service, access: 'user' },
    creator: { service, access: 'creator' },
    support: { service, access: 'support' },
    internal: <const C extends readonly ServiceName[]>(...callers: C) => ({ service, access: { callers } }) as const,
  }) as const;

/** Whether an endpoint is internal (service to service), and so never routed by the gateway. */
export const isInternal = (e: Endpoint): e is Endpoint & { access: { callers: readonly ServiceName[] } } =>
  typeof e.access === 'object';

/** Whether the gateway lets a call through without a token. */
export const isPublic = (e: Endpoint) => e.access === 'public' || e.access === 'public-or-user';

type Schema<E, K extends 'params' | 'query' | 'body', Fallback> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : Fallback;

/** What a server handler receives (parsed) and what a client sends (before parsing). */
export type ParamsOf<E> = z.output<Schema<E, 'params', z.ZodUndefined>>;
export type QueryOf<E> = z.output<Schema<E, 'query', z.ZodUndefined>>;
export type BodyOf<E> = z.output<Schema<E, 'body', z.ZodUndefined>>;
export type ParamsIn<E> = z.input<Schema<E, 'params', z.ZodUndefined>>;
export type QueryIn<E> = z.input<Schema<E, 'query', z.ZodUndefined>>;
export type BodyIn<E> = z.input<Schema<E, 'body', z.ZodUndefined>>;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessSchemas<E> = E extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: R[S] }[keyof R & SuccessStatus]
  : never;
/** What a handler answers with (before the response schema serialises it). */
export type ReplyOf<E> = SuccessSchemas<E> extends z.ZodType ? z.input<SuccessSchemas<E>> : never;
/** What a client gets back (after parsing). */
export type ResultOf<E> = SuccessSchemas<E> extends z.ZodType ? z.output<SuccessSchemas<E>> : never;

/** The input a client call takes: only the parts the endpoint has, each required when it has required fields. */
export type CallInput<E> = (E extends { params: z.ZodType } ? { params: ParamsIn<E> } : { params?: undefined }) &
  (E extends { query: z.ZodType } ? { query?: QueryIn<E> } : { query?: undefined }) &
  (E extends { body: z.ZodType } ? { body: BodyIn<E> } : { body?: undefined });

/** The URL path of a call: each `:name` replaced by its parameter, encoded. */
export function pathOf(e: Endpoint, params: Record<string, unknown> = {}): string {
  return fillPath(e.path, params, `${e.method} ${e.path}`);
}

/** A query string (with its `?`, or empty) from an object: arrays repeat the name, undefined is left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
