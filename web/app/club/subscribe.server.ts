// The subscribe box's action (a form POST, so it works before or without JavaScript): the address checked by
// the box's rule, then `PUT /api/v1/emailSubscription` (double opt-in: the creator service mails the link).
// Every outcome is an answer for the box; nothing here throws to the error page.
import { ApiError, endpoints } from '@travelclub/contracts';
import { serverCall } from '~/lib/api.server';
import { messages } from '~/auth/validation';
import { subscribeTexts } from './club-texts';
import { subscribeEmailError, type SubscribeAnswer } from './subscribe-rules';

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The browser's IANA time zone when this runtime knows it; the service's default (UTC) otherwise. */
function knownTimeZone(value: string): string | undefined {
  if (!value || value.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

function refusalOf(err: unknown): SubscribeAnswer {
  if (err instanceof ApiError && err.code === 'too-many-requests')
    return { ok: false, message: subscribeTexts.tooMany };
  if (err instanceof ApiError && err.code === 'validation-failed' && err.details?.some((d) => d.path === 'email'))
    return { ok: false, message: messages.emailInvalid, fieldError: messages.emailInvalid };
  return { ok: false, message: subscribeTexts.failed };
}

export async function subscribeAction(request: Request): Promise<SubscribeAnswer> {
  const form = await request.formData();
  const email = field(form, 'email').trim();
  const fieldError = subscribeEmailError(email);
  if (fieldError) return { ok: false, message: fieldError, fieldError };
  const timeZone = knownTimeZone(field(form, 'timeZone'));
  try {
    await serverCall(request, endpoints.creator.subscribe, {
      body: { email, creatorId: field(form, 'creatorId'), ...(timeZone ? { timeZone } : {}) },
    });
    return { ok: true, message: subscribeTexts.checkInbox };
  } catch (err) {
    return refusalOf(err);
  }
}
