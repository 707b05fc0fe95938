import { describe, expect, it } from 'vitest';
import { readRequestTarget } from '../src/request-target.js';
import { compileRouteTable } from '../src/route-table.js';

describe('request targets', () => {
  it('keep a plain path and its query as they came', () => {
    const url = '/api/v1/hotel/h-1?x=%41&y=/../z';
    expect(readRequestTarget(url)).toEqual({ segments: ['api', 'v1', 'hotel', 'h-1'], url });
    expect(readRequestTarget('/')).toEqual({ segments: [], url: '/' });
  });

  it.each([
    ['/api/v1/auth/%61nonymous', ['api', 'v1', 'auth', 'anonymous'], '/api/v1/auth/anonymous'],
    ['/api/v1/auth/%73%69%67%6E%55%70', ['api', 'v1', 'auth', 'signUp'], '/api/v1/auth/signUp'],
    ['/api/v1/%61uth/sign%49n?x=1', ['api', 'v1', 'auth', 'signIn'], '/api/v1/auth/signIn?x=1'],
    ['/api/v1//auth/anonymous/', ['api', 'v1', 'auth', 'anonymous'], '/api/v1/auth/anonymous'],
    // Decoded for the table, encoded again where a path needs it: the service decodes the same value.
    ['/api/v1/hotel/a%20b%3Fc%23d%25', ['api', 'v1', 'hotel', 'a b?c#d%'], '/api/v1/hotel/a%20b%3Fc%23d%25'],
    ['/api/v1/hotel/%E2%82%AC%3A%40', ['api', 'v1', 'hotel', '€:@'], '/api/v1/hotel/%E2%82%AC:@'],
  ])('decode %s', (raw, segments, url) => {
    expect(readRequestTarget(raw)).toEqual({ segments, url });
  });

  it.each([
    // an encoded slash or backslash: one segment here, two in some reader down the line
    '/api/v1/auth%2Fanonymous',
    '/api/v1/auth/x%2fanonymous',
    '/api/v1/auth/%5Canonymous',
    '/api/v1/auth\\anonymous',
    // dot segments, plain or encoded
    '/api/v1/hotel/../auth/anonymous',
    '/api/v1/hotel/%2e%2e/auth/anonymous',
    '/api/v1/hotel/.%2E/auth/anonymous',
    '/api/v1/auth/./anonymous',
    '/api/v1/auth/%2E/anonymous',
    // broken percent-encoding, or bytes that are not UTF-8
    '/api/v1/auth/%zznonymous',
    '/api/v1/auth/anonymous%',
    '/api/v1/auth/%C0%AFanonymous',
    // double encoding: decoded once here, it would decode again wherever a second decoding happens
    '/api/v1/auth/%2561nonymous',
    '/api/v1/auth/%252e%252e',
    // a fragment (no client sends one; routers cut the path there), an absolute or an asterisk form
    '/api/v1/auth/anonymous#x',
    'http://gateway.example/api/v1/auth/anonymous',
    '*',
  ])('refuse %s as ambiguous', (raw) => {
    expect(readRequestTarget(raw)).toBeUndefined();
  });

  it('give every spelling of a tight route the same owner, auth and limit', () => {
    const table = compileRouteTable();
    const plain = table.resolve('POST', '/api/v1/auth/anonymous');
    expect(plain).toMatchObject({ service: 'auth', isPublic: true, tightlyLimited: true });
    for (const spelling of ['/api/v1/auth/%61nonymous', '/api/v1/%61uth/anonymous', '/api//v1/auth/anonymous/']) {
      expect(table.resolve('POST', spelling)).toBe(plain);
    }
  });
});
