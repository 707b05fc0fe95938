import { allEndpoints, endpoint, isInternal, isPublic } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PathTrie, pathSegments } from '../src/path-trie.js';
import { compileRouteTable } from '../src/route-table.js';
import { ROUTE_OWNERS } from './helpers.js';

const table = compileRouteTable();
const owner = (method: string, url: string) => table.resolve(method, url)?.service;

describe('owners', () => {
  it.each(ROUTE_OWNERS)('%s %s → %s', (method, url, service) => {
    expect(owner(method, url)).toBe(service);
  });

  it.each([
    '/',
    '/api/v1',
    '/api/v1/hotels',
    '/api/v1/bffx/traveller/home',
    '/api/sessionlogin',
    '/api/v1/hotel/../userProfile/my',
    '/api/v1/hotel/%2e%2e/userProfile/my',
    // room holds are service to service only
    '/internal/v1/holds',
    '/internal/v1/holds/hold_1',
    // and so are invoices for a cart, and taking one back
    '/internal/v1/invoices',
    '/internal/v1/invoices/inv-1/withdraw',
  ])('%s belongs to no service', (url) => {
    expect(table.resolve('GET', url)).toBeUndefined();
  });
});

describe('public routes', () => {
  const isPublic = (method: string, url: string) => table.resolve(method, url)?.isPublic;
  const open: [string, string][] = [
    ['POST', '/api/v1/auth/signIn'],
    ['POST', '/api/v1/auth/token/refresh'],
    ['GET', '/api/v1/auth/oauth/google/start?returnUrl=/'],
    ['POST', '/api/v1/auth/oauth/exchange'],
    ['GET', '/api/v1/hotel/h-1'],
    ['HEAD', '/api/v1/hotel/h-1'],
    ['POST', '/api/v1/hotel/search'],
    ['POST', '/api/v1/hotel/search/create'],
    ['POST', '/api/v1/hotel'],
    ['POST', '/api/v1/hotel/h-1/checkAvailability'],
    ['GET', '/api/v1/userProfile/public/ana/travelPackages'],
    ['GET', '/api/v1/creator/ana/isAvailable'],
    ['GET', '/api/v1/emailSubscription/s-1/confirm?confirmationCode=x'],
    ['GET', '/.well-known/jwks.json'],
  ];
  const guarded: [string, string][] = [
    ['PUT', '/api/v1/hotel/h-1/like'],
    ['GET', '/api/v1/auth/me'],
    ['PUT', '/api/v1/userProfile/role'],
    ['GET', '/api/v1/userProfile/my'],
    ['GET', '/api/v1/itinerary'],
    ['POST', '/api/v1/creator/subscription'],
  ];

  describe.each([
    ['needs no token', open, true],
    ['needs a token', guarded, false],
  ] as const)('%s', (_rule, requests, needsNone) => {
    it.each(requests)('%s %s', (method, url) => {
      expect(isPublic(method, url)).toBe(needsNone);
    });
  });

  // A public path is public for the methods defined at it; another method there is no route at all.
  it.each([
    ['DELETE', '/api/v1/hotel/h-1'],
    ['GET', '/api/v1/auth/signIn'],
    ['POST', '/api/v1/creator/ana/isAvailable'],
  ])('%s %s is not routed', (method, url) => {
    expect(table.resolve(method, url)).toBeUndefined();
  });
});

describe('tight limits', () => {
  it('apply to the routes that guess secrets or send mail, and only to them', () => {
    const tight = (url: string) => table.resolve('POST', url)?.tightlyLimited;
    expect(tight('/api/v1/auth/signIn')).toBe(true);
    expect(tight('/api/v1/auth/signUp')).toBe(true);
    expect(tight('/api/v1/auth/anonymous')).toBe(true);
    expect(tight('/api/v1/authentication/magicLink')).toBe(true);
    expect(tight('/api/v1/auth/passwordReset/request')).toBe(true);
    expect(tight('/api/v1/auth/token/refresh')).toBe(false);
    expect(tight('/api/v1/hotel/search')).toBe(false);
    expect(tight('/api/v1/request-travel-package')).toBe(true);
    expect(table.resolve('PUT', '/api/v1/emailSubscription')?.tightlyLimited).toBe(true);
    expect(table.resolve('DELETE', '/api/v1/emailSubscription')?.tightlyLimited).toBe(false);
    expect(table.resolve('PUT', '/api/v1/userProfile')?.tightlyLimited).toBe(false);
  });
});

describe('path trie', () => {
  it('prefers the deeper match, then an exact segment over a prefix over a parameter', () => {
    const trie = new PathTrie<string>()
      .add('/a', 'a', { subtree: true })
      .add('/a/:id', 'param')
      .add('/a/b*', 'prefix')
      .add('/a/bc', 'exact')
      .add('/a/:id/c', 'deep');
    expect(trie.match(pathSegments('/a/bc'))).toBe('exact');
    expect(trie.match(pathSegments('/a/bd'))).toBe('prefix');
    expect(trie.match(pathSegments('/a/bd/x'))).toBe('prefix');
    expect(trie.match(pathSegments('/a/x'))).toBe('param');
    expect(trie.match(pathSegments('/a/x/y'))).toBe('a');
    expect(trie.match(pathSegments('/a/bc/c'))).toBe('deep');
    expect(trie.match(pathSegments('/b'))).toBeUndefined();
  });

  it('ignores the query, empty segments and a trailing slash', () => {
    expect(pathSegments('/a//b/?x=/c')).toEqual(['a', 'b']);
    expect(pathSegments('/a/b')).toEqual(['a', 'b']);
  });

  it('refuses a pattern given twice', () => {
    expect(() => new PathTrie().add('/a/:x', 1).add('/a/:y', 2)).toThrow('twice');
  });
});

describe('the endpoint definitions', () => {
  // A path of a definition with every parameter filled in, as a request would have it.
  const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, 'p-1');
  const defined = allEndpoints();

  it('cover every service built so far', () => {
    const services = new Set(defined.map((e) => e.service));
    for (const service of ['auth', 'catalog', 'itinerary', 'billing'] as const) expect(services).toContain(service);
  });

  it('route each public endpoint to its own service, public exactly when the definition says so', () => {
    for (const e of defined.filter((d) => !isInternal(d))) {
      const match = table.resolve(e.method, concrete(e.path));
      expect({ route: `${e.method} ${e.path}`, service: match?.service, isPublic: match?.isPublic }).toEqual({
        route: `${e.method} ${e.path}`,
        service: e.service,
        isPublic: isPublic(e),
      });
    }
  });

  it('never route an internal endpoint', () => {
    for (const e of defined.filter(isInternal)) expect(table.resolve(e.method, concrete(e.path))).toBeUndefined();
  });

  it('take the tight limit, the uploads and the missing-token answer from the definitions', () => {
    const routed = defined.filter((e) => !isInternal(e));
    const marked = (pick: (e: (typeof defined)[number]) => boolean) =>
      routed.filter(pick).map((e) => `${e.method} ${e.path}`);
    expect(marked((e) => table.resolve(e.method, concrete(e.path))?.tightlyLimited === true)).toEqual(
      marked((e) => e.limit === 'tight'),
    );
    expect(table.uploads.map((u) => `${u.method} ${u.path}`)).toEqual(marked((e) => e.uploads === true));
    expect(table.uploads).toHaveLength(4);
    expect(table.resolve('GET', '/api/v1/itinerary')?.missingToken).toBe('token-not-found');
    expect(table.resolve('GET', '/api/v1/auth/me')?.missingToken).toBeUndefined();
    expect(marked((e) => table.resolve(e.method, concrete(e.path))?.shared === true).sort()).toEqual([
      'GET /.well-known/jwks.json',
      'GET /api/v1/destinations/autocomplete',
    ]);
  });

  it('refuse a kept answer (cacheSeconds) anywhere but on a public GET', () => {
    const kept = (access: 'public' | 'public-or-user' | 'user', method: 'GET' | 'POST') =>
      endpoint({ service: 'catalog', access }, method, '/api/v1/kept', {
        responses: { 200: z.object({}) },
        errors: [],
        cacheSeconds: 60,
      });
    expect(compileRouteTable([kept('public', 'GET')]).resolve('GET', '/api/v1/kept')?.shared).toBe(true);
    expect(() => compileRouteTable([kept('user', 'GET')])).toThrow('only a public GET');
    // Its handler sees a signed-in caller: one traveller's answer could be kept for everyone.
    expect(() => compileRouteTable([kept('public-or-user', 'GET')])).toThrow('only a public GET');
    expect(() => compileRouteTable([kept('public', 'POST')])).toThrow('only a public GET');
  });
});
