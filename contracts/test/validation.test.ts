import { describe, expect, it } from 'vitest';
import {
  ReturnUrlSchema,
  EmailSchema,
  PasswordSchema,
  SignInPayloadSchema,
  SignUpFormSchema,
  validationMessages,
} from '../src/index.js';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('email', () => {
  it.each([
    'a@b',
    'traveller@example.com',
    'x.y+z@sub.example',
    'support@travelclub.local',
    "o'brien_2-x@mail.example.co.uk",
    'josé@exemple.fr',
  ])('accepts %s', (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(true);
  });

  it.each(['a b@c', 'no-at-sign', '@b', 'a@', ' a@b', 'a@b '])('rejects %j as invalid', (email) => {
    expect(messages(EmailSchema.safeParse(email))).toEqual([`: ${validationMessages.emailInvalid}`]);
  });

  // A mailer reads each of these as several recipients, a display name, a group or a comment.
  it.each([
    'a@x,b@y',
    'a@x, b@y',
    'a@x;b@y',
    'Bob <b@x>',
    '<b@x>',
    'Bob<b@x>',
    '"Bob"@x',
    '"a@x,b@y"',
    'a@b@c',
    'a@x\tb@y',
    'a@x\nBcc: b@y',
    'a@x\r\nb@y',
    'a\u0000@x',
    'a\u200b@x',
    'a@x (comment)',
    'a(b)@x',
    'group: a@x;',
    'a@[127.0.0.1]',
    'a\\b@x',
  ])('rejects %j: an email is one address', (email) => {
    expect(messages(EmailSchema.safeParse(email))).toEqual([`: ${validationMessages.emailInvalid}`]);
  });

  it('refuses more than 254 characters with the same message', () => {
    const local = 'a'.repeat(64);
    const fits = `${local}@${'b'.repeat(254 - 65)}`;
    expect(EmailSchema.safeParse(fits).success).toBe(true);
    expect(messages(EmailSchema.safeParse(`${fits}b`))).toEqual([`: ${validationMessages.emailInvalid}`]);
  });

  it('says it is required when empty or missing, and only that', () => {
    expect(messages(EmailSchema.safeParse(''))).toEqual([': Email address is required']);
    expect(messages(EmailSchema.safeParse(undefined))).toEqual([': Email address is required']);
  });

  it('rejects a MongoDB operator object', () => {
    expect(messages(EmailSchema.safeParse({ $gt: '' }))).toEqual([': Invalid email address']);
  });
});

describe('password', () => {
  it('is required', () => {
    expect(messages(PasswordSchema.safeParse(''))).toEqual([': You must specify a password']);
    expect(messages(PasswordSchema.safeParse(undefined))).toEqual([': You must specify a password']);
  });

  it('needs at least 6 characters', () => {
    expect(messages(PasswordSchema.safeParse('12345'))).toEqual([': The password must be 6 characters long or more.']);
    expect(PasswordSchema.safeParse('123456').success).toBe(true);
  });
});

describe('sign-up form', () => {
  const valid = { email: 'a@b.c', password: 'secret1', repassword: 'secret1', publicName: 'Ana' };

  it('defaults the role to consumer', () => {
    expect(SignUpFormSchema.parse(valid).role).toBe('consumer');
  });

  it('wants the repeated password to match', () => {
    expect(messages(SignUpFormSchema.safeParse({ ...valid, repassword: 'secret2' }))).toEqual([
      'repassword: Passwords do not match',
    ]);
  });

  it('wants the repeated password, with the password message', () => {
    expect(messages(SignUpFormSchema.safeParse({ ...valid, repassword: '' }))).toContain(
      'repassword: You must specify a password',
    );
  });

  it('needs a public name and a known role', () => {
    const result = SignUpFormSchema.safeParse({ ...valid, publicName: ' ', role: 'admin' });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['publicName', 'role']);
  });

  it('refuses fields it does not know', () => {
    expect(SignInPayloadSchema.safeParse({ email: 'a@b', password: 'secret1', $where: '1' }).success).toBe(false);
  });
});

describe('return paths', () => {
  it.each(['/', '/user/trips?tab=next', '/hotel/a-b#rooms'])('keeps %s', (path) => {
    expect(ReturnUrlSchema.parse(path)).toBe(path);
  });
  it.each([
    'https://evil.test/',
    '//evil.test',
    '/\\\\evil.test',
    '/..//evil.test',
    '/./\\\\evil.test',
    'trips',
    '/a b',
  ])('refuses %s', (path) => {
    expect(ReturnUrlSchema.safeParse(path).success).toBe(false);
  });
  it('normalises dot segments', () => {
    expect(ReturnUrlSchema.parse('/user/../dashboard')).toBe('/dashboard');
  });
});
