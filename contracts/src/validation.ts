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

/** Required, then non-space@non-space. Anything that is not a string (an operator object, say) is invalid. */
export const EmailSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? validationMessages.emailRequired : validationMessages.emailInvalid),
  })
  .min(1, { error: validationMessages.emailRequired, abort: true })
  .regex(/^\S+@\S+$/, validationMessages.emailInvalid);

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
