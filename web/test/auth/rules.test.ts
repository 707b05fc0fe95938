// The pure rules of the auth screens: the form validation of spec section 5 with its exact messages, the
// in-app browser detection of spec section 2, and where a sign-in may send the visitor (spec section 4).
import { describe, expect, it } from 'vitest';
import { chromeIntentUrl, detectInAppBrowser } from '~/auth/in-app-browser';
import { destinationAfterSignIn, safeReturnUrl, signUpHref, unwrapReturnUrl } from '~/auth/return-url';
import { validateEmail, validateName, validateNewPassword, validatePassword, validateRepeat } from '~/auth/validation';

describe('validation (spec section 5)', () => {
  it("email: 'Email address is required' when empty, 'Invalid email address' when not non-space@non-space", () => {
    expect(validateEmail('')).toBe('Email address is required');
    for (const bad of ['ann', 'ann@', '@example.com', 'ann @example.com', 'ann@exa mple.com', 'a@b@c'])
      expect(validateEmail(bad), bad).toBe('Invalid email address');
    expect(validateEmail('ann@example.com')).toBeNull();
    expect(validateEmail('a@b')).toBeNull();
  });

  it("password: 'You must specify a password'; a new one needs 6 characters (the weak-password text)", () => {
    expect(validatePassword('')).toBe('You must specify a password');
    expect(validatePassword('x')).toBeNull();
    expect(validateNewPassword('')).toBe('You must specify a password');
    expect(validateNewPassword('12345')).toBe('The password must be 6 characters long or more.');
    expect(validateNewPassword('123456')).toBeNull();
  });

  it("repeat password: required with the same message, then 'Passwords do not match'", () => {
    expect(validateRepeat('', 'secret1')).toBe('You must specify a password');
    expect(validateRepeat('secret2', 'secret1')).toBe('Passwords do not match');
    expect(validateRepeat('secret1', 'secret1')).toBeNull();
  });

  it('public name: anything but blank', () => {
    expect(validateName('  ')).toBe('Public name is required');
    expect(validateName('Ann')).toBeNull();
  });
});

const UA = {
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.40.99;FBBV/580000000]',
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_33.1.0 JsSdk/2.0 BytedanceWebview/d8a21c6',
  lineAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Line/13.20.0',
  facebookDesktopApp: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 [FBAN/EMA;FBAV/400.0]',
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
};

describe('in-app browsers (spec section 2)', () => {
  it.each([
    ['Instagram on Android', UA.instagramAndroid, 'android'],
    ['Facebook on iOS', UA.facebookIos, 'ios'],
    ['TikTok on iOS', UA.tiktokIos, 'ios'],
    ['LINE on Android', UA.lineAndroid, 'android'],
    ['an app elsewhere', UA.facebookDesktopApp, 'other'],
  ])('finds %s', (_name, userAgent, platform) => {
    expect(detectInAppBrowser(userAgent)).toBe(platform);
  });

  it.each([
    ['Chrome on a desktop', UA.chromeDesktop],
    ['Safari on an iPhone', UA.safariIos],
    ['Chrome on Android', UA.chromeAndroid],
    ['no user agent', ''],
  ])('leaves %s alone', (_name, userAgent) => {
    expect(detectInAppBrowser(userAgent)).toBeNull();
  });

  it('makes an intent link that opens the page in Chrome', () => {
    expect(chromeIntentUrl('https://travelclub.example/signIn?returnUrl=%2Fhotel%2Fa')).toBe(
      'intent://travelclub.example/signIn?returnUrl=%2Fhotel%2Fa#Intent;scheme=https;package=com.android.chrome;' +
        'S.browser_fallback_url=https%3A%2F%2Ftravelclub.example%2FsignIn%3FreturnUrl%3D%252Fhotel%252Fa;end',
    );
  });
});

describe('where a sign-in goes (spec section 4)', () => {
  it('keeps returnUrl to paths on this site, default /', () => {
    expect(safeReturnUrl(undefined)).toBe('/');
    expect(safeReturnUrl('/hotel/a?searchId=1')).toBe('/hotel/a?searchId=1');
    for (const away of ['https://evil.test/', '//evil.test', '/\\evil.test', '/..//evil.test', 'hotel', '/a b'])
      expect(safeReturnUrl(away), away).toBe('/');
  });

  it('sends creators to /dashboard and everyone else to the returnUrl', () => {
    expect(destinationAfterSignIn({ roles: ['role/creator'] }, '/hotel/a')).toBe('/dashboard');
    expect(destinationAfterSignIn({ roles: ['role/customer'] }, '/hotel/a')).toBe('/hotel/a');
    expect(destinationAfterSignIn({ roles: [] }, 'https://evil.test')).toBe('/');
    // Never back to an auth page: /logout would end the session just made.
    expect(destinationAfterSignIn({ roles: [] }, '/logout')).toBe('/');
    expect(destinationAfterSignIn({ roles: [] }, '/signIn?returnUrl=%2Fx')).toBe('/');
  });

  it("unwraps a provider's failed return (/auth-redirect?returnUrl=...) to the page it was for", () => {
    expect(unwrapReturnUrl('/auth-redirect?returnUrl=%2Fhotel%2Fa')).toBe('/hotel/a');
    expect(unwrapReturnUrl('/trips')).toBe('/trips');
  });

  it('passes the search params and the returnUrl on to sign-up, without the sign-in-only ones', () => {
    expect(signUpHref('?invite&authError=wrong-password&loggedOut=1', '/')).toBe('/signUp?invite=&returnUrl=%2F');
    expect(signUpHref('', '/hotel/a')).toBe('/signUp?returnUrl=%2Fhotel%2Fa');
  });
});
