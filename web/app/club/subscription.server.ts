// The subscriber pages' server side. Confirming is the mail's link, opened in a browser: the loader asks the
// creator service with the code and says whose club it was. Unsubscribing is asked on the page (its loader only
// reads whose club the link is for) and done only by its form's POST (mail scanners open links: a GET never
// unsubscribes), so the page works without JavaScript.
import { ApiError, endpoints } from '@travelclub/contracts';
import { serverCall } from '~/lib/api.server';

/** The longest id or secret the service takes (contracts' subscription params and queries). */
const MAX = 200;
const usable = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX;

export type ConfirmData =
  { state: 'confirmed'; creator: { publicName: string; slug: string } | null } | { state: 'invalid' };

/** A code the service does not take (wrong, expired, used, or no code at all) is the same "invalid" page. */
export async function loadConfirmation(request: Request, id: string | undefined): Promise<ConfirmData> {
  const code = new URL(request.url).searchParams.get('confirmationCode');
  if (!usable(id) || !usable(code)) return { state: 'invalid' };
  try {
    const view = await serverCall(request, endpoints.creator.confirmSubscription, {
      params: { id },
      query: { confirmationCode: code },
    });
    return { state: 'confirmed', creator: view.creator ?? null };
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return { state: 'invalid' };
    throw err;
  }
}

/** `club` names whose emails the link stops; null when the service could not say just now. */
export type UnsubscribePage =
  { state: 'ask'; token: string; club: { publicName: string; slug: string } | null } | { state: 'invalid' };
export type UnsubscribeAnswer = { state: 'done' } | { state: 'invalid' } | { state: 'failed' };

/**
 * The page asks first: the loader only reads the subscription with the link's token, to name the club. The
 * service answers a wrong link with 404 (the DELETE would refuse it too); any other failure still asks, in
 * general words, since the button may work a moment later.
 */
export async function readUnsubscribeLink(request: Request, id: string | undefined): Promise<UnsubscribePage> {
  const token = new URL(request.url).searchParams.get('token');
  if (!usable(id) || !usable(token)) return { state: 'invalid' };
  try {
    const { creator } = await serverCall(request, endpoints.creator.readSubscription, {
      params: { id },
      query: { token },
    });
    return { state: 'ask', token, club: creator };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { state: 'invalid' };
    return { state: 'ask', token, club: null };
  }
}

export async function unsubscribeAction(request: Request, id: string | undefined): Promise<UnsubscribeAnswer> {
  const form = await request.formData();
  const fromForm = form.get('token');
  const token = typeof fromForm === 'string' && fromForm ? fromForm : new URL(request.url).searchParams.get('token');
  if (!usable(id) || !usable(token)) return { state: 'invalid' };
  try {
    await serverCall(request, endpoints.creator.unsubscribe, { params: { id }, query: { token } });
    return { state: 'done' };
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429)
      return { state: 'invalid' };
    return { state: 'failed' };
  }
}
