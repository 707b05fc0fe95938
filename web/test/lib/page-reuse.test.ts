// The fingerprint that lets a shared page's render be reused: the same for the same address, data and hour;
// none for what must always render (an error, an action's answer, data JSON cannot write whole).
// @vitest-environment node
import type { StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../app/lib/page-reuse.server';

const URL_A = 'https://travelclub.example/hotel/harbour-house?creator=cara';
const at = new Date('2026-11-30T10:15:00Z');

function context(loaderData: Record<string, unknown>, extra: Partial<StaticHandlerContext> = {}) {
  return { statusCode: 200, loaderData, actionData: null, errors: null, ...extra } as StaticHandlerContext;
}
const data = () => ({ root: { isAuthenticated: false }, 'routes/hotel': { hotel: { name: 'Harbour House' } } });

describe('a page’s data fingerprint', () => {
  it('is the same for the same address, data and hour, and differs when any of them does', () => {
    const same = dataFingerprint(URL_A, context(data()), at);
    expect(same).toMatch(/^[\w-]{43}$/);
    expect(dataFingerprint(URL_A, context(data()), new Date('2026-11-30T10:59:59Z'))).toBe(same);
    const changed = data();
    changed['routes/hotel'].hotel.name = 'Harbour House Renewed';
    expect(dataFingerprint(URL_A, context(changed), at)).not.toBe(same);
    expect(dataFingerprint(`${URL_A}x`, context(data()), at)).not.toBe(same);
    expect(dataFingerprint(URL_A, context(data()), new Date('2026-11-30T11:00:00Z'))).not.toBe(same);
  });

  it('is none for an error, another status, an action’s answer or data JSON cannot write whole', () => {
    expect(dataFingerprint(URL_A, context(data(), { statusCode: 404 }), at)).toBeUndefined();
    expect(dataFingerprint(URL_A, context(data(), { errors: { root: new Error('x') } }), at)).toBeUndefined();
    expect(dataFingerprint(URL_A, context(data(), { actionData: { ok: true } }), at)).toBeUndefined();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const opaque = [Promise.resolve(1), new Map([[1, 2]]), new Set([1]), new Error('x'), () => 1, NaN, 1n, cycle];
    for (const value of opaque)
      expect(dataFingerprint(URL_A, context({ ...data(), later: { value } }), at)).toBeUndefined();
    // Plain data of every JSON kind is fingerprinted (a date is written as its time).
    const plain = { a: [1, 'x', null, true], b: { c: new Date(0) }, d: Object.create(null) as object };
    expect(dataFingerprint(URL_A, context({ ...data(), plain }), at)).toMatch(/^[\w-]{43}$/);
  });
});
