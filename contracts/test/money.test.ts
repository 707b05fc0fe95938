// The exchange-rate snapshot, conversions between currencies in whole minor units, and money as people read it.
import { describe, expect, it } from 'vitest';
import {
  convert,
  EXCHANGE_RATES,
  exchangeRatesRef,
  formatMoney,
  ExchangeRatesRefSchema,
  minorUnitDigits,
  supportedCurrencies,
} from '../src/index.js';

describe('exchange rates', () => {
  it('cover every supported currency with a positive rate, USD being the base at 1', () => {
    for (const code of supportedCurrencies) expect(EXCHANGE_RATES.rates[code], code).toBeGreaterThan(0);
    expect(EXCHANGE_RATES.rates.USD).toBe(1);
    expect(Object.keys(EXCHANGE_RATES.rates).sort()).toEqual([...supportedCurrencies].sort());
  });

  it('are named by a reference answers can carry', () => {
    const ref = exchangeRatesRef();
    expect(ExchangeRatesRefSchema.parse(ref)).toEqual(ref);
    expect(ref).toEqual({ snapshotId: EXCHANGE_RATES.snapshotId, asOf: EXCHANGE_RATES.asOf, base: 'USD' });
  });
});

describe('minorUnitDigits', () => {
  it('follows Intl: cents for most currencies, none for yen, won and rupiah', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KRW')).toBe(0);
    expect(minorUnitDigits('IDR')).toBe(0);
    expect(minorUnitDigits('CLP')).toBe(0);
  });
});

describe('formatMoney', () => {
  it('writes money in its currency’s symbol and minor units', () => {
    expect(formatMoney({ amount: 129_999, currency: 'USD' })).toBe('$1,299.99');
    expect(formatMoney({ amount: 1_500, currency: 'JPY' })).toBe('¥1,500');
    expect(formatMoney({ amount: 0, currency: 'EUR' })).toBe('€0.00');
    expect(formatMoney({ amount: -750, currency: 'GBP' })).toBe('-£7.50');
    expect(formatMoney({ amount: 2_500_000, currency: 'KRW' })).toBe('₩2,500,000');
  });

  it('keeps each currency its own after another was written', () => {
    expect([formatMoney({ amount: 100, currency: 'USD' }), formatMoney({ amount: 100, currency: 'JPY' })]).toEqual([
      '$1.00',
      '¥100',
    ]);
    expect(formatMoney({ amount: 100, currency: 'USD' })).toBe('$1.00');
  });
});

describe('convert', () => {
  it('returns the same money for the same currency', () => {
    const money = { amount: 12_345, currency: 'EUR' };
    expect(convert(money, 'EUR')).toBe(money);
  });

  it('turns USD cents into whole yen at the snapshot rate', () => {
    const yen = convert({ amount: 10_000, currency: 'USD' }, 'JPY');
    expect(yen.currency).toBe('JPY');
    expect(Number.isInteger(yen.amount)).toBe(true);
    expect(yen.amount).toBe(Math.round(100 * EXCHANGE_RATES.rates.JPY!));
  });

  it('goes through USD between two other currencies', () => {
    const eur = { amount: 100_00, currency: 'EUR' };
    const gbp = convert(eur, 'GBP');
    const expected = (100 / EXCHANGE_RATES.rates.EUR!) * EXCHANGE_RATES.rates.GBP! * 100;
    expect(gbp).toEqual({ amount: Math.round(expected), currency: 'GBP' });
  });

  it('rounds half up', () => {
    // 20 cents at 332.5 forints per dollar is 66.5 forints: half-up gives 67 (half-even would give 66).
    expect(convert({ amount: 20, currency: 'USD' }, 'HUF')).toEqual({ amount: 67, currency: 'HUF' });
    // 782 yen is exactly 5 dollars.
    expect(convert({ amount: 782, currency: 'JPY' }, 'USD')).toEqual({ amount: 500, currency: 'USD' });
  });

  it('keeps amounts whole in every supported currency and comes back close', () => {
    for (const code of supportedCurrencies) {
      const there = convert({ amount: 123_456, currency: 'USD' }, code);
      expect(Number.isInteger(there.amount), code).toBe(true);
      const back = convert(there, 'USD');
      expect(Math.abs(back.amount - 123_456) / 123_456, code).toBeLessThan(0.01);
    }
  });

  it('refuses a currency outside the snapshot', () => {
    expect(() => convert({ amount: 100, currency: 'USD' }, 'XYZ')).toThrow(RangeError);
  });
});
