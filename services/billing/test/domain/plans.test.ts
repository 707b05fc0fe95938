import { describe, expect, it } from 'vitest';
import { addMonths, dueAction, graceEnd, linkTokenHash, planChargeKeys, siteAddress } from '../../src/domain/plans.js';

const at = (iso: string) => new Date(iso);

describe('plan periods', () => {
  it('add calendar months, keeping the day where the month has it', () => {
    expect(addMonths(at('2026-03-15T10:30:00.000Z'), 1).toISOString()).toBe('2026-04-15T10:30:00.000Z');
    expect(addMonths(at('2026-11-30T00:00:00.000Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('clamp the day to a shorter month, and come back to it from the anchor', () => {
    const anchor = at('2028-01-31T08:00:00.000Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2028-03-31T08:00:00.000Z');
    expect(addMonths(anchor, 3).toISOString()).toBe('2028-04-30T08:00:00.000Z');
  });

  it('give the grace its days from the failure', () => {
    expect(graceEnd(at('2026-01-01T00:00:00.000Z'), 7).toISOString()).toBe('2026-01-08T00:00:00.000Z');
  });
});

describe('what is due', () => {
  const end = at('2026-02-01T00:00:00.000Z');
  const active = { status: 'active' as const, currentPeriodEnd: end, cancelAtPeriodEnd: false };

  it('renews an active plan at its period end, or ends it when cancelled', () => {
    expect(dueAction(active, at('2026-01-31T23:59:59.000Z'))).toBeNull();
    expect(dueAction(active, end)).toBe('renew');
    expect(dueAction({ ...active, cancelAtPeriodEnd: true }, end)).toBe('end');
  });

  it('lapses an overdue plan when its grace is over, and nothing else', () => {
    const overdue = { ...active, status: 'past_due' as const, graceUntil: at('2026-02-08T00:00:00.000Z') };
    expect(dueAction(overdue, at('2026-02-07T00:00:00.000Z'))).toBeNull();
    expect(dueAction(overdue, at('2026-02-08T00:00:00.000Z'))).toBe('lapse');
    for (const status of ['incomplete', 'cancelled', 'lapsed'] as const)
      expect(dueAction({ ...active, status }, at('2030-01-01T00:00:00.000Z'))).toBeNull();
  });
});

describe('charge keys and link secrets', () => {
  it('give every month, attempt and checkout its own key', () => {
    const keys = [
      planChargeKeys.checkout('sub_1', 'co_1', 0),
      planChargeKeys.checkout('sub_1', 'co_1', 1),
      planChargeKeys.checkout('sub_1', 'co_2', 0),
      planChargeKeys.renewal('sub_1', 2),
      planChargeKeys.renewal('sub_1', 3),
      planChargeKeys.overdue('sub_1', 2, 0),
      planChargeKeys.overdue('sub_1', 2, 1),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(planChargeKeys.renewal('sub_1', 2)).toBe(planChargeKeys.renewal('sub_1', 2));
  });

  it('keep a hash of the secret, never the secret', () => {
    expect(linkTokenHash('secret')).not.toContain('secret');
    expect(linkTokenHash('secret')).toBe(linkTokenHash('secret'));
  });
});

describe('return addresses', () => {
  const site = 'https://travelclub.test';

  it('take a path or an address on the site, made absolute', () => {
    expect(siteAddress('/dashboard?x=1#y', site)).toBe('https://travelclub.test/dashboard?x=1#y');
    expect(siteAddress('https://travelclub.test/club', site)).toBe('https://travelclub.test/club');
  });

  it.each([
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test/x',
    'https://travelclub.test.evil.test/',
    'http://travelclub.test/',
    'https://user:pw@travelclub.test/',
    'javascript:alert(1)',
    'data:text/html,hi',
  ])('refuse %s', (value) => {
    expect(siteAddress(value, site)).toBeNull();
  });
});
