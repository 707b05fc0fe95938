// The sign-in and sign-up rules of spec section 5, as small functions returning the message to show (or
// null). They run in the browser on every change, so no zod here; the texts are the spec's to the letter.

export const messages = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'You must specify a password',
  passwordsDoNotMatch: 'Passwords do not match',
  /** The weak-password text of spec section 8: the service asks for 6 characters at least. */
  passwordTooShort: 'The password must be 6 characters long or more.',
  nameRequired: 'Public name is required',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/**
 * Non-space@non-space (spec section 5), narrowed as the service narrows it: exactly one `@`, and none of the
 * characters a mailer would read as a second recipient or a display name, so the form never sends an
 * address the service refuses.
 */
const ADDRESS = /^[^\s@",;:<>()[\]\\]+@[^\s@",;:<>()[\]\\]+$/;

export function validateEmail(value: string): string | null {
  if (!value) return messages.emailRequired;
  return ADDRESS.test(value) ? null : messages.emailInvalid;
}

export const isValidEmail = (value: string) => validateEmail(value) === null;

/** Sign-in: the password is required; its length is the service's to judge (weak-password). */
export function validatePassword(value: string): string | null {
  return value ? null : messages.passwordRequired;
}

/** Sign-up and reset: a new password must also be long enough for the auth service. */
export function validateNewPassword(value: string): string | null {
  if (!value) return messages.passwordRequired;
  return value.length >= PASSWORD_MIN_LENGTH ? null : messages.passwordTooShort;
}

/** The repeat field: required with the same message, and equal to the password. */
export function validateRepeat(value: string, password: string): string | null {
  if (!value) return messages.passwordRequired;
  return value === password ? null : messages.passwordsDoNotMatch;
}

/** The public name sign-up needs (spec section 5): anything but blank. */
export function validateName(value: string): string | null {
  return value.trim() ? null : messages.nameRequired;
}
