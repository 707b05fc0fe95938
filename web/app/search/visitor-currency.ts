// The anonymous visitor's data of spec section 3 (`anonymousUserData` in session storage: currency.code and
// countryCode, USD and US by default) and the currency a price is shown in (spec section 4: the current
// user's, then the anonymous data's, then USD). Safe where no storage exists (the server, private modes).

export interface AnonymousUserData {
  currency: { code: string };
  countryCode: string;
}

export const ANONYMOUS_USER_DATA_KEY = 'anonymousUserData';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_COUNTRY = 'US';

const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;

const defaults = (): AnonymousUserData => ({ currency: { code: DEFAULT_CURRENCY }, countryCode: DEFAULT_COUNTRY });

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // A browser that refuses storage access (blocked cookies) throws on the property itself.
    return null;
  }
}

/** The stored data, each field checked on its own: a bad or missing field falls back to its default. */
export function readAnonymousUserData(): AnonymousUserData {
  const data = defaults();
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(ANONYMOUS_USER_DATA_KEY) ?? 'null');
  } catch {
    return data;
  }
  if (!raw || typeof raw !== 'object') return data;
  const stored = raw as { currency?: { code?: unknown }; countryCode?: unknown };
  const code = stored.currency?.code;
  if (typeof code === 'string' && CURRENCY.test(code)) data.currency.code = code;
  if (typeof stored.countryCode === 'string' && COUNTRY.test(stored.countryCode)) data.countryCode = stored.countryCode;
  return data;
}

/** Keeps the visitor's currency choice for this browser tab; the country stays as it was. */
export function writeVisitorCurrency(code: string): void {
  if (!CURRENCY.test(code)) return;
  const data = readAnonymousUserData();
  data.currency.code = code;
  try {
    storage()?.setItem(ANONYMOUS_USER_DATA_KEY, JSON.stringify(data));
  } catch {
    // A full or refused storage only loses the preference, never the page.
  }
}

/** The currency to quote prices in: the signed-in user's when they have one, else the visitor's, else USD. */
export function visitorCurrency(userCurrency?: string | null): string {
  if (userCurrency && CURRENCY.test(userCurrency)) return userCurrency;
  return readAnonymousUserData().currency.code;
}
