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

export const PublicNameSchema = z
  .string({ error: validationMessages.publicNameRequired })
  .trim()
  .min(1, validationMessages.publicNameRequired)
  .max(80);
