// "Ask for a package": the request form's rules as small plain functions with their messages (the contract's
// where it has them), the body of `POST /request-travel-package`, and its refusals in plain words.
import { messageOf } from '~/lib/api-errors';
import { validateEmail } from '~/auth/validation';

export const MESSAGE_MAX = 2_000;
export const MAX_TRAVELLERS = 50;

export const requestMessages = {
  /** The contract's text for an empty message. */
  messageRequired: 'Tell the creator what you would like',
  messageTooLong: `Keep your message under ${MESSAGE_MAX.toLocaleString('en-US')} characters`,
  datesBoth: 'Give both dates, or none',
  datesPast: 'The start is in the past',
  /** The contract's text for an end before the start. */
  datesOrder: 'The end must not be before the start',
  tooManyRequests: 'Too many requests have been sent in the last hour. Please try again later.',
} as const;

export interface RequestDraft {
  email: string;
  message: string;
  /** ISO calendar dates, or '' when not given. */
  from: string;
  to: string;
  adults: number;
  children: number;
}

export type RequestField = 'email' | 'message' | 'from' | 'to';
export type RequestErrors = Partial<Record<RequestField, string>>;

function datesErrors({ from, to }: RequestDraft, today: string): RequestErrors {
  if (!from && !to) return {};
  if (!from || !to) return { [from ? 'to' : 'from']: requestMessages.datesBoth };
  if (from < today) return { from: requestMessages.datesPast };
  if (to < from) return { to: requestMessages.datesOrder };
  return {};
}

/** Every rule the draft breaks, by field. */
export function requestErrors(draft: RequestDraft, today: string): RequestErrors {
  const errors: RequestErrors = { ...datesErrors(draft, today) };
  const email = validateEmail(draft.email.trim());
  if (email) errors.email = email;
  const message = draft.message.trim();
  if (!message) errors.message = requestMessages.messageRequired;
  else if (message.length > MESSAGE_MAX) errors.message = requestMessages.messageTooLong;
  return errors;
}

/** The request about this package, to its creator by their club address. */
export function requestBody(draft: RequestDraft, about: { creatorSlug: string; packageId: string }) {
  return {
    creatorSlug: about.creatorSlug,
    packageId: about.packageId,
    email: draft.email.trim(),
    message: draft.message.trim(),
    ...(draft.from && draft.to ? { dates: { from: draft.from, to: draft.to } } : {}),
    party: { adults: draft.adults, children: draft.children },
  };
}

/** The fields of the form a refusal's details name. */
const FIELD_OF: Record<string, RequestField> = {
  email: 'email',
  message: 'message',
  'dates.from': 'from',
  'dates.to': 'to',
};

/** A refusal: what the form says above its button, and on the fields it concerns. */
export function requestRefusal(err: unknown): { message: string; fields: RequestErrors } {
  const { code, details } = (err ?? {}) as { code?: unknown; details?: { path?: unknown; message?: unknown }[] };
  if (code === 'too-many-requests') return { message: requestMessages.tooManyRequests, fields: {} };
  const fields: RequestErrors = {};
  for (const detail of details ?? []) {
    const field = typeof detail.path === 'string' ? FIELD_OF[detail.path] : undefined;
    if (field && typeof detail.message === 'string') fields[field] ??= detail.message;
  }
  return { message: messageOf(err), fields };
}
