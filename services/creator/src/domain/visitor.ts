// A visitor's currency and country, guessed from the request before any account exists (spec section 3,
// "Anonymous visitor data"): the ingress's country header, else the region of the preferred language, mapped to
// that country's currency when the catalog prices in it. USD and US otherwise. Nothing is stored.
import {
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  supportedCurrencies,
  type AnonymousVisitorData,
} from '@travelclub/contracts';

const EURO = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL'];
const EURO_MORE = ['PT', 'SI', 'SK', 'MC', 'SM', 'VA', 'AD', 'ME', 'XK', 'BG'];

/** Countries whose own currency differs from their ISO code's first two letters plus one. */
const CURRENCY_OF: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...EURO, ...EURO_MORE].map((country) => [country, 'EUR'])),
  US: 'USD',
  GB: 'GBP',
  JP: 'JPY',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  TR: 'TRY',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  EG: 'EGP',
  ZA: 'ZAR',
  IN: 'INR',
  CN: 'CNY',
  HK: 'HKD',
  SG: 'SGD',
  KR: 'KRW',
  TH: 'THB',
  ID: 'IDR',
  MY: 'MYR',
  PH: 'PHP',
  VN: 'VND',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
};

const COUNTRY = /^[A-Z]{2}$/;

/** The region of the most preferred language tag that has one (`en-GB;q=0.9` → GB). */
export function regionOfLanguages(acceptLanguage: string | undefined): string | undefined {
  if (!acceptLanguage) return undefined;
  const tags = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    // The region is the 2-letter subtag after the language (and script): en-GB, zh-Hant-HK.
    const region = tag
      .split('-')
      .slice(1)
      .find((sub) => /^[A-Za-z]{2}$/.test(sub));
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/** The visitor's guessed data: the country header wins over the languages; unknown pieces fall back to US/USD. */
export function guessVisitor(
  countryHeader: string | undefined,
  acceptLanguage: string | undefined,
): AnonymousVisitorData {
  const fromHeader = countryHeader?.trim().toUpperCase();
  const country =
    (fromHeader && COUNTRY.test(fromHeader) && fromHeader !== 'XX' ? fromHeader : undefined) ??
    regionOfLanguages(acceptLanguage) ??
    DEFAULT_COUNTRY;
  const currency = CURRENCY_OF[country];
  const priced = currency && (supportedCurrencies as readonly string[]).includes(currency);
  return { currency: { code: priced ? currency : DEFAULT_CURRENCY }, countryCode: country };
}
