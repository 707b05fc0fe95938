// The choice of error codes for bad forms.
import { validationMessages } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { credentialsCode, emailFormCode } from '../../src/routes/form-errors.js';

describe('error codes for bad forms', () => {
  const email = (message: string) => ({ path: 'email', message });
  it('credentials: any email problem is invalid-email, a short password weak-password', () => {
    expect(credentialsCode([email(validationMessages.emailRequired)])).toBe('invalid-email');
    expect(credentialsCode([{ path: 'password', message: validationMessages.passwordTooShort }])).toBe('weak-password');
    expect(credentialsCode([{ path: 'password', message: validationMessages.passwordRequired }])).toBeUndefined();
  });
  it('email-only forms: a missing email is missing-email', () => {
    expect(emailFormCode([email(validationMessages.emailRequired)])).toBe('missing-email');
    expect(emailFormCode([email(validationMessages.emailInvalid)])).toBe('invalid-email');
    expect(emailFormCode([{ path: 'newPassword', message: validationMessages.passwordTooShort }])).toBe(
      'weak-password',
    );
  });
});
