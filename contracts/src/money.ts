// Money across currencies: the one exchange-rate snapshot prices are quoted with, minor-unit digits,
// conversion between any two supported currencies, and prices rounded as hotels quote them.
import type { ExchangeRatesRef, supportedCurrencies } from './catalog/api.js';
import type { Money } from './common.js';

type SupportedCurrency = (typeof supportedCurrencies)[number];

/**
 * Units of each currency per 1 USD. One fixed snapshot keeps prices reproducible: every answer that
 * quotes a price names it, so a quote can be checked against the rates it was made with.
 */
export const EXCHANGE_RATES = {
  snapshotId: 'ecb-2026-11-20',
  asOf: '2026-11-20T16:00:00.000Z',
  base: 'USD',
  rates: {
    USD: 1,
    EUR: 0.865,
    GBP: 0.762,
    JPY: 156.4,
    CAD: 1.408,
    AUD: 1.545,
    NZD: 1.781,
    CHF: 0.806,
    SEK: 9.52,
    NOK: 10.18,
    DKK: 6.46,
    PLN: 3.67,
    CZK: 20.94,
    HUF: 332.5,
    TRY: 42.45,
    ILS: 3.27,
    AED: 3.6725,
    SAR: 3.75,
    EGP: 47.35,
    ZAR: 17.38,
    INR: 88.6,
    CNY: 7.11,
    HKD: 7.785,
    SGD: 1.305,
    KRW: 1468,
    THB: 32.4,
    IDR: 16_700,
    MYR: 4.15,
    PHP: 59.05,
    VND: 26_350,
    MXN: 18.42,
    BRL: 5.33,
    ARS: 1445,
    CLP: 935,
    COP: 3780,
    PEN: 3.38,
  } satisfies Record<SupportedCurrency, number> as Readonly<Record<string, number>>,
} as const;

const digitsCache = new Map<string, number>();

/** Digits after the decimal point of the currency's minor unit, as Intl knows them (JPY, KRW: 0). */
export function minorUnitDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    // Building a NumberFormat is slow next to a conversion, and prices are converted in hot loops.
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money as people read it, in its own currency and minor-unit digits: "$1,299.00", "€7.50", "¥1,900". One
 * format per currency, made once: making one costs some 50 µs, using it under 1. For the services and the CLI;
 * the browser has its own (web/app/search/format.ts), as browser code imports only types from the contracts.
 * Importing this module there instead (tried as a `./money` subpath export) brought the exchange-rate snapshot
 * into the first page's `shell` chunk, unused, for 0.6 KB more gzipped on every first visit.
 */
export function formatMoney({ amount, currency }: Money): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount / 10 ** minorUnitDigits(currency));
}

function rateOf(currency: string): number {
  const rate = EXCHANGE_RATES.rates[currency];
  if (rate === undefined) throw new RangeError(`No exchange rate for ${currency}`);
  return rate;
}

/** Rounds half away from zero; the epsilon absorbs binary noise such as 1.005 * 100 = 100.49999. */
function roundHalfUp(value: number): number {
  const rounded = Math.floor(Math.abs(value) + 0.5 + 1e-9);
  return value < 0 ? -rounded : rounded;
}

/** The amount in another currency through the USD base, rounded half-up to whole minor units. */
export function convert(money: Money, to: string): Money {
  if (money.currency === to) return money;
  const factor = (rateOf(to) / rateOf(money.currency)) * 10 ** (minorUnitDigits(to) - minorUnitDigits(money.currency));
  return { amount: roundHalfUp(money.amount * factor), currency: to };
}

/** The snapshot a converted price was made with, as answers name it. */
export function exchangeRatesRef(): ExchangeRatesRef {
  return { snapshotId: EXCHANGE_RATES.snapshotId, asOf: EXCHANGE_RATES.asOf, base: EXCHANGE_RATES.base };
}

/** Whole currency units, coarser as amounts grow: 149 EUR, 3,460 JPY, 23,500 JPY, 1,235,000 IDR. */
export function nicePrice(minorAmount: number, currency: string): number {
  const unit = 10 ** minorUnitDigits(currency);
  const major = minorAmount / unit;
  const step = major < 1_000 ? 1 : major < 10_000 ? 10 : major < 100_000 ? 100 : 1_000;
  return Math.max(step, Math.round(major / step) * step) * unit;
}
