// Saving a recommended stay: one multipart `PUT /hotel/{id}/recommend` (the text fields, then the photos) sent
// with progress through the browser API's `upload`, and what a refusal means for the form: the API's own
// message, and the fields a validation refusal names.
import type { RecommendationView } from '@travelclub/contracts';
import { codeOf, messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';

export interface StayDraft {
  title: string;
  text: string;
  cover: File[];
  tile: File[];
  images: File[];
}

export type DraftField = 'hotel' | 'title' | 'text' | 'cover' | 'tile' | 'images';
const FIELDS: readonly DraftField[] = ['title', 'text', 'cover', 'tile', 'images'];

/** The form as the creator service reads it (services/creator/src/routes/recommendations.ts). */
export function stayForm(draft: StayDraft): FormData {
  const form = new FormData();
  form.set('title', draft.title.trim());
  form.set('text', draft.text.trim());
  if (draft.cover[0]) form.append('cover', draft.cover[0]);
  if (draft.tile[0]) form.append('tile', draft.tile[0]);
  for (const image of draft.images) form.append('images', image);
  return form;
}

export async function saveStay(
  hotelId: string,
  draft: StayDraft,
  options: { onProgress: (sent: number) => void; signal: AbortSignal },
): Promise<RecommendationView> {
  const api = await loadApi();
  return api.upload(api.endpoints.creator.recommendHotel, { params: { id: hotelId } }, stayForm(draft), options);
}

export interface SaveRefusal {
  /** What the callout says. */
  message: string;
  /** Messages for the fields the refusal names. */
  fields: Partial<Record<DraftField, string>>;
}

export const CHECK_FIELDS = 'Please check the fields marked below.';

/** How a refused save reads: the API's message, or per field when it named them. */
export function refusalOf(err: unknown): SaveRefusal {
  const details = (err as { details?: { path: string; message: string }[] } | null)?.details ?? [];
  const fields: SaveRefusal['fields'] = {};
  for (const detail of details) {
    const field = FIELDS.find((name) => detail.path === name || detail.path.startsWith(`${name}.`));
    if (field) fields[field] ??= detail.message;
  }
  if (codeOf(err) === 'hotel-not-found')
    return { message: `${messageOf(err)}. It may have left the catalog: please choose another.`, fields };
  if (Object.keys(fields).length > 0) return { message: CHECK_FIELDS, fields };
  // Details about no field of the form (an unreadable upload): said after the API's message.
  return { message: [messageOf(err), ...details.map((detail) => detail.message)].join(' '), fields };
}
