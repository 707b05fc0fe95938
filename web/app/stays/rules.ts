// The rules of a recommended stay's form, checked in the browser before anything is sent: the limits of the
// contract's RecommendFieldsSchema and the creator service's upload pipeline, with the texts the form shows.
// Small functions rather than the contract's schema, so the page does not carry zod (docs/web.md).

export const TITLE_MAX = 80;
export const TEXT_MAX = 2_000;
/** Photos besides the cover and the tile. */
export const IMAGES_MAX = 12;
/** The creator service refuses a larger file (MEDIA_MAX_BYTES). */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The gateway's limit for one upload's whole body (UPLOAD_BODY_LIMIT_BYTES). */
export const FORM_MAX_BYTES = 32 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

export const HOTEL_REQUIRED = 'Choose the hotel you recommend.';
export const TITLE_REQUIRED = 'Give your recommendation a title';
export const TITLE_TOO_LONG = `Use at most ${TITLE_MAX} characters`;
export const TEXT_TOO_LONG = `Use at most ${TEXT_MAX.toLocaleString('en-US')} characters`;
export const TOO_MANY_IMAGES = `You can add at most ${IMAGES_MAX} photos. Remove one to add another.`;
export const FORM_TOO_LARGE = 'Your photos come to more than 32 MB together. Please choose fewer or smaller ones.';

/** How many characters a field counts: what will be saved (the service trims the ends). */
export const countOf = (value: string) => value.trim().length;

export function titleError(title: string): string | null {
  const length = countOf(title);
  if (length === 0) return TITLE_REQUIRED;
  return length > TITLE_MAX ? TITLE_TOO_LONG : null;
}

export const textError = (text: string): string | null => (countOf(text) > TEXT_MAX ? TEXT_TOO_LONG : null);

/** Why one chosen file cannot be sent, or null. The server checks the bytes again; this saves a wasted upload. */
export function fileError(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return `“${file.name}” is not a JPEG, PNG, WebP or AVIF image.`;
  if (file.size > FILE_MAX_BYTES) return `“${file.name}” is larger than 10 MB. Please choose a smaller photo.`;
  return null;
}

/** The files that may be added to `kept` (up to the limit), and what to say about the others. */
export function admitFiles(kept: readonly File[], chosen: readonly File[], max: number) {
  const admitted: File[] = [];
  const refusals: string[] = [];
  for (const file of chosen) {
    const error = fileError(file);
    if (error) refusals.push(error);
    else if (kept.length + admitted.length >= max) {
      if (!refusals.includes(TOO_MANY_IMAGES)) refusals.push(TOO_MANY_IMAGES);
    } else admitted.push(file);
  }
  return { admitted, refusals };
}

/** The whole form's size, for the gateway's limit (the text fields are small enough not to count). */
export const formTooLarge = (files: readonly File[]) =>
  files.reduce((sum, file) => sum + file.size, 0) > FORM_MAX_BYTES;

/** "12 / 80": what a counter shows. */
export const counterText = (value: string, max: number) =>
  `${countOf(value).toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`;
