// anonymousUserData (spec section 3): currency.code and countryCode in session storage, USD and US by default;
// the currency prices are quoted in comes from the user, then that data, then USD (spec section 4).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANONYMOUS_USER_DATA_KEY,
  readAnonymousUserData,
  visitorCurrency,
  writeVisitorCurrency,
} from '~/search/visitor-currency';

beforeEach(() => sessionStorage.clear());

describe('the anonymous visitor data', () => {
  it('defaults to USD and US when nothing is stored', () => {
    expect(readAnonymousUserData()).toEqual({ currency: { code: 'USD' }, countryCode: 'US' });
    expect(visitorCurrency()).toBe('USD');
  });

  it("is kept in session storage under 'anonymousUserData' with the spec's shape", () => {
    writeVisitorCurrency('EUR');
    expect(JSON.parse(sessionStorage.getItem(ANONYMOUS_USER_DATA_KEY)!)).toEqual({
      currency: { code: 'EUR' },
      countryCode: 'US',
    });
    expect(visitorCurrency()).toBe('EUR');
    expect(localStorage.getItem(ANONYMOUS_USER_DATA_KEY)).toBeNull();
  });

  it('keeps the stored country when the currency changes', () => {
    sessionStorage.setItem(ANONYMOUS_USER_DATA_KEY, JSON.stringify({ currency: { code: 'GBP' }, countryCode: 'GB' }));
    writeVisitorCurrency('JPY');
    expect(readAnonymousUserData()).toEqual({ currency: { code: 'JPY' }, countryCode: 'GB' });
  });

  it('falls back field by field on bad or broken data', () => {
    sessionStorage.setItem(ANONYMOUS_USER_DATA_KEY, '{not json');
    expect(readAnonymousUserData()).toEqual({ currency: { code: 'USD' }, countryCode: 'US' });
    sessionStorage.setItem(ANONYMOUS_USER_DATA_KEY, JSON.stringify({ currency: { code: 'euro' }, countryCode: 'FR' }));
    expect(readAnonymousUserData()).toEqual({ currency: { code: 'USD' }, countryCode: 'FR' });
    sessionStorage.setItem(ANONYMOUS_USER_DATA_KEY, JSON.stringify('EUR'));
    expect(visitorCurrency()).toBe('USD');
  });

  it('ignores a currency that is not a code', () => {
    writeVisitorCurrency('dollars');
    expect(sessionStorage.getItem(ANONYMOUS_USER_DATA_KEY)).toBeNull();
  });

  it("prefers the signed-in user's currency, then the visitor's", () => {
    writeVisitorCurrency('EUR');
    expect(visitorCurrency('CHF')).toBe('CHF');
    expect(visitorCurrency(null)).toBe('EUR');
  });

  it('reads the defaults and writes nothing when storage is refused', () => {
    const spy = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(() => writeVisitorCurrency('EUR')).not.toThrow();
      expect(visitorCurrency()).toBe('USD');
    } finally {
      spy.mockRestore();
    }
  });
});
