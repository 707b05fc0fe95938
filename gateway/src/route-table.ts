// The route table: which service owns each public path, which routes need no token, and which get the
// tighter rate limit. The only place in the system that knows it (ARCHITECTURE.md, "Who owns what").
// Patterns: see path-trie.ts. For owners the deepest prefix wins, so `/api/v1/hotel/:id/recommend*`
// (creator) beats `/api/v1/hotel` (catalog).
import { allEndpoints, endpoints, isPublic, type Endpoint } from '@travelclub/contracts';
import { PathTrie, pathSegments } from './path-trie.js';
import { readRequestTarget } from './request-target.js';

export const SERVICES = ['auth', 'catalog', 'itinerary', 'billing', 'creator', 'assistant', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * The answer to a protected route called without a token, where the spec gives its own: the cart's errors
 * (spec section 8) include "Token not found". Everywhere else it is `unauthenticated`.
 */
export const MISSING_TOKEN: Partial<Record<ServiceName, 'token-not-found'>> = { itinerary: 'token-not-found' };

/**
 * Path prefix → owning service. The `/api/v1/bff/*` views (a club page, a traveller's home) are composed by the
 * creator service, which owns nearly all of what they show (docs/creator.md, "The club page view").
 */
export const OWNERS: readonly [prefix: string, service: ServiceName][] = [
  ['/api/v1/auth', 'auth'],
  ['/api/v1/authentication', 'auth'],
  ['/api/sessionLogin', 'auth'],
  ['/api/sessionlogin/endpoint', 'auth'],
  ['/.well-known/jwks.json', 'auth'],
  // Roles are claims in the access token, so the auth service changes them, not the profile's owner.
  ['/api/v1/userProfile/role', 'auth'],

  ['/api/v1/hotel', 'catalog'],
  ['/api/v1/destinations', 'catalog'],
  ['/api/v1/recommendation', 'catalog'],
  ['/api/v1/images', 'catalog'],

  ['/api/v1/itinerary', 'itinerary'],

  ['/api/v1/invoice', 'billing'],
  ['/api/v1/creator/subscription', 'billing'],
  ['/api/v1/userProfile/my/payout', 'billing'],

  ['/api/v1/userProfile', 'creator'],
  ['/api/v1/creator', 'creator'],
  ['/api/v1/travelpackage', 'creator'],
  ['/api/v1/request-travel-package', 'creator'],
  ['/api/v1/emailSubscription', 'creator'],
  // Covers `/recommend` and `/recommendation/{id}`: a creator's recommendation of a hotel is creator content.
  ['/api/v1/hotel/:id/recommend*', 'creator'],
  ['/api/itinerary-content', 'creator'],
  ['/api/v1/getAnonymousUserData', 'creator'],
  ['/api/v1/bff', 'creator'],
  // Creators' uploaded images, when they are kept on the creator service's own disk (MEDIA_STORE=local).
  ['/api/v1/media', 'creator'],

  // Support staff's routes (the travelclub command line), each at the service that keeps what it reads.
  ['/api/v1/support/users', 'auth'],
  ['/api/v1/support/itineraries', 'itinerary'],
  ['/api/v1/support/invoices', 'billing'],
  ['/api/v1/support/payouts', 'billing'],
  ['/api/v1/support/subscribers', 'creator'],
  ['/api/v1/support/events', 'notifications'],
  ['/api/v1/support/deadLetters', 'notifications'],
  ['/api/v1/support/queues', 'notifications'],

  ['/api/v1/assistant', 'assistant'],
  ['/api/v1/experimental/gpt/destinations', 'assistant'],
];

/**
 * Routes the gateway lets through without a token. For a service whose endpoints are defined in contracts
 * (contracts/src/endpoints), they are its endpoints with `public` or `public-or-user` access, so a route cannot
 * be public here and private at the service or the other way round. The list below holds only the public
 * routes of services not built yet; each service's entries go when its endpoints are defined.
 * Patterns: exact paths unless they end in `*`. Services still check tokens themselves. GET also opens HEAD.
 */
export const PUBLIC_ROUTES_NOT_YET_DEFINED: readonly [service: ServiceName, methods: string, pattern: string][] = [
  // Creators' public pages.
  ['creator', 'GET', '/api/v1/hotel/:id/recommendation/:recommendationId'],
  ['creator', 'GET', '/api/v1/userProfile/public/*'],
  ['creator', 'GET', '/api/v1/creator/:handle/isAvailable'],
  ['creator', 'GET', '/api/v1/emailSubscription/:id/confirm'],
];

/** Every public route: [methods, pattern]. */
export function publicRoutes(): [methods: string, pattern: string][] {
  const groups: Record<string, Record<string, Endpoint>> = endpoints;
  const defined = new Set(Object.values(groups).flatMap((group) => Object.values(group).map((e) => e.service)));
  return [
    ...allEndpoints()
      .filter(isPublic)
      .map((e): [string, string] => [e.method, e.path]),
    ...PUBLIC_ROUTES_NOT_YET_DEFINED.filter(([service]) => !defined.has(service)).map(
      ([, methods, pattern]): [string, string] => [methods, pattern],
    ),
  ];
}

/**
 * Routes that guess secrets or send mail: their POST and PUT calls get the tighter per-address limit as well as
 * the global one.
 */
export const TIGHTLY_LIMITED: readonly string[] = [
  '/api/v1/auth/signIn',
  '/api/v1/auth/signUp',
  '/api/v1/auth/anonymous',
  '/api/v1/authentication/magicLink',
  '/api/v1/auth/magicLink/*',
  '/api/v1/auth/passwordReset/*',
  // Mail to an address anyone may type: a subscription's confirmation, a package request to a creator.
  '/api/v1/emailSubscription',
  '/api/v1/request-travel-package',
];

/**
 * Routes that take image uploads (multipart): the only ones allowed a body over the gateway's usual limit
 * (UPLOAD_BODY_LIMIT_BYTES instead of BODY_LIMIT_BYTES). The creator service checks each file itself.
 */
export const UPLOAD_ROUTES: readonly [method: 'POST' | 'PUT', pattern: string][] = [
  ['PUT', '/api/v1/hotel/:id/recommend'],
  ['POST', '/api/v1/userProfile/:id/creator/heroImage'],
  ['POST', '/api/v1/userProfile/:id/profilePicture'],
  ['POST', '/api/v1/travelpackage/:id/image'],
];

export interface RouteMatch {
  service: ServiceName;
  /** No token needed at the edge. */
  isPublic: boolean;
  tightlyLimited: boolean;
}

export interface RouteTable {
  /**
   * The owner of a request's decoded path segments (see request-target.ts), or undefined when no service
   * owns them.
   */
  match(method: string, segments: readonly string[]): RouteMatch | undefined;
  /** The same for a raw URL; undefined also when its decoding is ambiguous (such requests are refused). */
  resolve(method: string, url: string): RouteMatch | undefined;
  /** The owner of a path (`{id}` placeholders allowed), for sorting services' documents. */
  ownerOf(path: string): ServiceName | undefined;
}

export function compileRouteTable(): RouteTable {
  const owners = new PathTrie<ServiceName>();
  for (const [prefix, service] of OWNERS) owners.add(prefix, service, { subtree: true });
  const open = new Map<string, PathTrie<true>>();
  for (const [methods, pattern] of publicRoutes()) {
    for (const method of methods.split(' ').flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))) {
      let trie = open.get(method);
      if (!trie) open.set(method, (trie = new PathTrie()));
      trie.add(pattern, true);
    }
  }
  const tight = new PathTrie<true>();
  for (const pattern of TIGHTLY_LIMITED) tight.add(pattern, true);

  // The tables are fixed, so each service has only four possible answers: build them once, not per request.
  const answers = new Map(
    SERVICES.map((service) => [
      service,
      [false, true].flatMap((isPublic) =>
        [false, true].map((tightlyLimited): RouteMatch => Object.freeze({ service, isPublic, tightlyLimited })),
      ),
    ]),
  );

  const match = (method: string, segments: readonly string[]) => {
    const service = owners.match(segments);
    if (!service) return undefined;
    const isPublic = open.get(method)?.match(segments) === true;
    const tightlyLimited = (method === 'POST' || method === 'PUT') && tight.match(segments) === true;
    return answers.get(service)![(isPublic ? 2 : 0) + (tightlyLimited ? 1 : 0)];
  };
  return {
    match,
    resolve(method, url) {
      const target = readRequestTarget(url);
      return target && match(method, target.segments);
    },
    ownerOf(path) {
      return owners.match(pathSegments(path));
    },
  };
}
