// The form rules of spec section 5, with their messages to the letter.
import { z } from 'zod';
import { errorCatalogue } from './errors.js';

export const validationMessages = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'You must specify a password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: errorCatalogue['weak-password'].message,
  publicNameRequired: 'Public name is required',
  destinationRequired: 'Destination is required',
  controlCharacters: 'Use plain text: no control characters or direction overrides',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/** RFC 5321's limit on a forward path; nothing longer is deliverable. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * One addr-spec, never a list or a display name: mailers read `a@x,b@y`, `a@x;b@y`, `Bob <b@x>` or a quoted
 * local part as several recipients or a name, so whitespace, control and format characters and the RFC 5322
 * specials (`@",;:<>()[]\`) are refused on both sides of the single `@`. Neither side can contain `@`, so
 * the match is linear: no two quantifiers can compete for the same characters.
 */
const SINGLE_ADDRESS = /^[^\s\p{Cc}\p{Cf}@",;:<>()[\]\\]+@[^\s\p{Cc}\p{Cf}@",;:<>()[\]\\]+$/u;

/**
 * Required, then one address (spec section 5's non-space@non-space, narrowed to a single recipient).
 * Anything that is not a string (an operator object, say) is invalid. The length cap aborts before the
 * pattern, so a megabyte body never reaches a regular expression.
 */
export const EmailSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? validationMessages.emailRequired : validationMessages.emailInvalid),
  })
  .min(1, { error: validationMessages.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.emailInvalid, abort: true })
  .regex(SINGLE_ADDRESS, validationMessages.emailInvalid);

/** Required; authentication also needs at least six characters. */
export const PasswordSchema = z
  .string({ error: validationMessages.passwordRequired })
  .min(1, { error: validationMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, validationMessages.passwordTooShort);

/**
 * What people type never carries C0 controls (but tab and newline where text may span lines), DEL, C1 controls,
 * or the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): shown on someone
 * else's screen they clear a support person's terminal, plant a hyperlink (OSC 8) or reorder what a reader sees.
 * The marks (LRM, RLM, ALM) stay: right-to-left writing needs them and they reorder nothing.
 */
const SINGLE_LINE_TEXT = /^[^\p{Cc}\u202a-\u202e\u2066-\u2069]*$/u;
const MULTI_LINE_TEXT = /^(?:[\t\n]|[^\p{Cc}\u202a-\u202e\u2066-\u2069])*$/u;

/**
 * A text field of one line (a name, a title, a label, a search): `schema` (trimmed, capped: the field's own
 * rules) refusing control characters and direction overrides, with a 400 naming the field.
 */
export const singleLineText = (schema: z.ZodString = z.string()) =>
  schema.regex(SINGLE_LINE_TEXT, validationMessages.controlCharacters);

/**
 * A text field that may span lines (a description, a note, a message): as `singleLineText`, but tabs and
 * newlines are text; a browser's CRLF (or a lone CR, which would overwrite a line on a terminal) becomes LF.
 */
export const multiLineText = (schema: z.ZodString = z.string()) =>
  schema.overwrite((text) => text.replace(/\r\n?/g, '\n')).regex(MULTI_LINE_TEXT, validationMessages.controlCharacters);

export const PublicNameSchema = singleLineText(
  z
    .string({ error: validationMessages.publicNameRequired })
    .trim()
    .min(1, validationMessages.publicNameRequired)
    .max(80),
);
