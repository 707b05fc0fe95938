// What the club settings page loads on the server: the session check every dashboard page makes, and the
// currencies a club can show prices in (the catalog's exchange-rate snapshot covers these; contracts stay on
// the server, out of the page's bundle).
import { supportedCurrencies } from '@travelclub/contracts';
import { requireSession } from './creator-gate';

export function clubSettingsData(request: Request) {
  requireSession(request);
  return { currencies: [...supportedCurrencies] as string[] };
}
