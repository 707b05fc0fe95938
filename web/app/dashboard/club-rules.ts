// The club settings' form rules, as small functions returning the message to show (or null): the creator
// service's rules for a public name and a club address (contracts' PublicNameSchema and ClubSlugSchema, same
// texts), checked as the creator types, with no zod in the browser.
export const clubMessages = {
  nameRequired: 'Public name is required',
  nameTooLong: 'Use at most 80 characters',
  slugTooShort: 'Use at least 3 characters',
  slugTooLong: 'Use at most 30 characters',
  slugCharacters: 'Use letters, digits and single hyphens inside',
} as const;

/** A club address as typed: lower-cased at once (addresses are compared lower-cased), spaces left out. */
export const typedSlug = (text: string) => text.toLowerCase().replace(/\s+/g, '');

export function validatePublicName(value: string): string | null {
  const name = value.trim();
  if (!name) return clubMessages.nameRequired;
  return name.length > 80 ? clubMessages.nameTooLong : null;
}

export function validateSlug(slug: string): string | null {
  if (slug.length < 3) return clubMessages.slugTooShort;
  if (slug.length > 30) return clubMessages.slugTooLong;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? null : clubMessages.slugCharacters;
}

/** The upload pipeline's limits (docs/creator.md, "Images"), checked before a byte is sent. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The catalogue's texts for the same refusals (image-type-not-allowed, image-too-large). */
export const imageMessages = {
  type: 'Please upload a JPEG, PNG, WebP or AVIF image.',
  size: 'The image is too large. Please upload one under 10 MB and 40 megapixels.',
} as const;

/** A file without a type (some systems name none) goes to the server, which reads the bytes anyway. */
export function validateImage(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return imageMessages.type;
  return file.size > IMAGE_MAX_BYTES ? imageMessages.size : null;
}
