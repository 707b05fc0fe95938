// The route table, built from the endpoint definitions alone (contracts/src/<service>/endpoints.ts): for a method and a
// decoded path, the service that answers it, whether it needs a token, whether it gets the tighter rate limit,
// whether its answers may come from the shared cache and whether it takes uploads. Internal endpoints (service to service) are never routed. A new definition is
// routed, limited and documented with no change here. Patterns: see path-trie.ts; at equal depth an exact
// segment beats a parameter, so `/api/v1/hotel/search` is not `/api/v1/hotel/:id`.
import {
  allEndpoints,
  endpoints,
  isInternal,
  isPublic,
  type Endpoint,
  type ErrorCode,
  type HttpMethod,
} from '@travelclub/contracts';
import { PathTrie } from './path-trie.js';
import { readRequestTarget } from './request-target.js';

/** The services behind the gateway: those with endpoints. */
export type ServiceName = keyof typeof endpoints;
export const SERVICES = Object.keys(endpoints) as ServiceName[];
const isService = (name: string): name is ServiceName => (SERVICES as string[]).includes(name);

export interface RouteMatch {
  service: ServiceName;
  /** No token needed at the edge. */
  isPublic: boolean;
  /** The tighter per-address limit as well as the global one (the endpoint's `limit: 'tight'`). */
  tightlyLimited: boolean;
  /** The answer to a call without a token where it is not `unauthenticated` (the cart's "Token not found"). */
  missingToken?: ErrorCode;
  /** Its answers may come from the shared cache (the endpoint's `cacheSeconds`; shared-cache.ts). */
  shared: boolean;
}

export interface RouteTable {
  /** The route of a request's decoded path segments (see request-target.ts), or undefined when none is defined. */
  match(method: string, segments: readonly string[]): RouteMatch | undefined;
  /** The same for a raw URL; undefined also when its decoding is ambiguous (such requests are refused). */
  resolve(method: string, url: string): RouteMatch | undefined;
  /** The routes that take uploads (multipart), for their bigger body limit: method and Fastify-style path. */
  uploads: readonly { method: HttpMethod; path: string }[];
}

/** The routed endpoints: every definition but the internal ones. `definitions` is for tests. */
export function compileRouteTable(definitions: readonly Endpoint[] = allEndpoints()): RouteTable {
  const routed = definitions.filter((e) => !isInternal(e));
  const byMethod = new Map<string, PathTrie<RouteMatch>>();
  for (const e of routed) {
    if (!isService(e.service)) throw new Error(`${e.method} ${e.path}: ${e.service} is no service behind the gateway`);
    // What one caller is given must never be kept for another: not even a public-or-user route, whose handler
    // sees the signed-in caller.
    if (e.cacheSeconds !== undefined && (e.method !== 'GET' || e.access !== 'public'))
      throw new Error(`${e.method} ${e.path}: only a public GET may say its answer is kept (cacheSeconds)`);
    const match: RouteMatch = Object.freeze({
      service: e.service,
      isPublic: isPublic(e),
      tightlyLimited: e.limit === 'tight',
      shared: e.cacheSeconds !== undefined,
      ...(e.missingToken ? { missingToken: e.missingToken } : {}),
    });
    // A GET also answers HEAD, as the services' routers do.
    for (const method of e.method === 'GET' ? ['GET', 'HEAD'] : [e.method]) {
      let trie = byMethod.get(method);
      if (!trie) byMethod.set(method, (trie = new PathTrie()));
      trie.add(e.path, match);
    }
  }
  const match = (method: string, segments: readonly string[]) => byMethod.get(method)?.match(segments);
  return {
    match,
    resolve(method, url) {
      const target = readRequestTarget(url);
      return target && match(method, target.segments);
    },
    uploads: routed.filter((e) => e.uploads).map(({ method, path }) => ({ method, path })),
  };
}
