// The subscriber pages' server side. Both pages only read when their link is opened (company mail scanners open
// every link: a GET must not subscribe a stranger's address nor unsubscribe anyone) and act only on their form's
// POST, so they work without JavaScript. Confirming asks the creator service with the mail's code and says whose
// club it was; the unsubscribe page's loader reads whose club the link is for.
import { ApiError, endpoints } from '@travelclub/contracts';
import { serverCall } from '~/lib/api.server';

/** The longest id or secret the service takes (contracts' subscription params and queries). */
const MAX = 200;
const usable = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX;

/** The link as opened: it asks to confirm (with the mail's code) or is unusable (no code at all). */
export type ConfirmLink = { state: 'ask'; code: string } | { state: 'invalid' };
export type ConfirmData =
  | { state: 'confirmed'; creator: { publicName: string; slug: string } | null }
  | { state: 'invalid' }
  | { state: 'failed' };

const codeOf = (request: Request) => new URL(request.url).searchParams.get('confirmationCode');

/** Opening the link only reads it: nothing is asked of the creator service before the reader presses the button. */
export function readConfirmLink(request: Request, id: string | undefined): ConfirmLink {
  const code = codeOf(request);
  return usable(id) && usable(code) ? { state: 'ask', code } : { state: 'invalid' };
}

/**
 * The button's POST confirms. A code the service does not take (wrong, expired, used, or none at all) is the
 * same "invalid" page; a service that fails (or limits) asks again, since the button may work a moment later.
 */
export async function confirmAction(request: Request, id: string | undefined): Promise<ConfirmData> {
  const form = await request.formData();
  const fromForm = form.get('confirmationCode');
  const code = typeof fromForm === 'string' && fromForm ? fromForm : codeOf(request);
  if (!usable(id) || !usable(code)) return { state: 'invalid' };
  try {
    const view = await serverCall(request, endpoints.creator.confirmSubscription, {
      params: { id },
      query: { confirmationCode: code },
    });
    return { state: 'confirmed', creator: view.creator ?? null };
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429)
      return { state: 'invalid' };
    return { state: 'failed' };
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
