// What a refused save or publish means for the builder. The catalog checks every night's hotel and room type
// when a package goes live (and when a live package's stays change); its refusal names the day in its details
// ("days.2.stay.hotelId"), so the API's message is shown on that day's card. The API's validation details land
// on the fields of the same paths; anything else is one message for the save bar.
import { codeOf, messageOf } from '~/lib/api-errors';
import type { DayDraft } from './draft';
import type { Errors } from './rules';

export interface DayRefusal {
  /** The API's own message ("Hotel not found"). */
  message: string;
  /** What the creator can do about it. */
  hint: string;
}

export interface Refusal {
  /** For the save bar. */
  message: string;
  /** By the body's paths. */
  fields: Errors;
  /** By the day's key (the day may move afterwards; its refusal goes with it). */
  days: Record<string, DayRefusal>;
}

const HINTS: Record<string, string> = {
  'hotel-not-found': 'The catalog does not have this hotel any more. Choose another hotel for this night.',
  'room-type-not-found': 'This hotel has no rooms of this type any more. Choose another room type.',
};

export const REFUSED_DAYS = 'The catalog refused some nights. See the days marked below.';
export const FIX_FIELDS = 'Some fields need a change. See the messages below.';

interface Detail {
  path?: unknown;
  message?: unknown;
}

const detailsOf = (err: unknown): Detail[] => {
  const details = (err as { details?: unknown } | null)?.details;
  return Array.isArray(details) ? (details as Detail[]) : [];
};

/** The day a detail's path points into ("days.3.stay.hotelId" → 3), if any. */
const dayIndexOf = (path: unknown) => (typeof path === 'string' ? /^days\.(\d+)(?:\.|$)/.exec(path) : null);

export function refusalOf(err: unknown, days: DayDraft[]): Refusal {
  const code = codeOf(err);
  const refusal: Refusal = { message: messageOf(err), fields: {}, days: {} };
  const hint = code ? HINTS[code] : undefined;
  if (hint) {
    for (const detail of detailsOf(err)) {
      const day = days[Number(dayIndexOf(detail.path)?.[1] ?? -1)];
      if (day) refusal.days[day.key] = { message: refusal.message, hint };
    }
    if (Object.keys(refusal.days).length) refusal.message = REFUSED_DAYS;
    return refusal;
  }
  if (code === 'validation-failed') {
    for (const detail of detailsOf(err))
      if (typeof detail.path === 'string' && typeof detail.message === 'string')
        refusal.fields[detail.path] = detail.message;
    if (Object.keys(refusal.fields).length) refusal.message = FIX_FIELDS;
  }
  return refusal;
}
