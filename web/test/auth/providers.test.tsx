// 'Continue with Google' and 'Continue with Facebook' (spec section 2), and the in-app browsers: an intent
// link to Chrome on Android, the text and instruction image elsewhere, and the iOS overlay with 'Close'.
import { ApiError } from '@travelclub/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SignInPage, { loader } from '~/routes/sign-in';
import { answers, callsTo, resetApi } from './api-mock';
import { renderPage, withUserAgent } from './helpers';

vi.mock('~/lib/browser-api', async () => (await import('./api-mock')).browserApi);

const ANDROID_INSTAGRAM =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android';
const IOS_FACEBOOK =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.40.99]';
const DESKTOP_APP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 [FBAN/EMA;FBAV/400.0]';

const HELP_TEXT = 'Please open this page in your default browser to sign in with Google';

function open(url: string, userAgent?: string) {
  return renderPage({
    path: '/signIn',
    Component: SignInPage,
    loader: ({ request }) => loader({ request: userAgent ? withUserAgent(request, userAgent) : request } as never),
    url,
  });
}

beforeEach(() => resetApi());

describe('the provider buttons', () => {
  it("link to the auth service's start, coming back to /auth-redirect with the returnUrl", async () => {
    open('/signIn?returnUrl=%2Fhotel%2Fa');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    const back = '/auth-redirect?returnUrl=%2Fhotel%2Fa';
    expect(google.getAttribute('href')).toBe(`/api/v1/auth/oauth/google/start?returnUrl=${encodeURIComponent(back)}`);
    const facebook = screen.getByRole('link', { name: 'Continue with Facebook' });
    expect(facebook.getAttribute('href')).toBe(
      `/api/v1/auth/oauth/facebook/start?returnUrl=${encodeURIComponent(back)}`,
    );
  });

  it('ask for a creator account with ?invite', async () => {
    open('/signIn?invite');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    const href = new URL(google.getAttribute('href') ?? '', 'http://x');
    expect(href.searchParams.get('creator')).toBe('1');
    expect(href.searchParams.get('returnUrl')).toBe('/auth-redirect?returnUrl=%2F&creator=1');
  });

  it("start through a call (carrying a visitor's token); a provider that is not configured says so in red", async () => {
    answers.oauthStart = () => {
      throw new ApiError(404, 'provider-not-configured', 'Sign-in with this provider is not available.');
    };
    const user = userEvent.setup({ delay: null });
    open('/signIn');
    await user.click(await screen.findByRole('link', { name: 'Continue with Facebook' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorSign-in with this provider is not available.');
    expect(callsTo('oauthStart')).toEqual([
      { params: { provider: 'facebook' }, query: { returnUrl: '/auth-redirect?returnUrl=%2F' } },
    ]);
  });
});

describe('inside in-app browsers (spec section 2)', () => {
  it('makes Google an intent link to Chrome on Android', async () => {
    open('/signIn?returnUrl=%2Fhotel%2Fa', ANDROID_INSTAGRAM);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    const href = google.getAttribute('href') ?? '';
    expect(href.startsWith('intent://127.0.0.1:8080/signIn?returnUrl=%2Fhotel%2Fa#Intent;scheme=http;')).toBe(true);
    expect(href).toContain(';package=com.android.chrome;');
    expect(href.endsWith(';end')).toBe(true);
    expect(screen.queryByText(HELP_TEXT)).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue with Facebook' })).toBeTruthy();
  });

  it('elsewhere replaces Google with the text and an instruction image', async () => {
    open('/signIn', DESKTOP_APP);
    expect(await screen.findByText(HELP_TEXT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
    const image = screen.getByRole('img');
    expect(image.getAttribute('src')).toBe('/in-app-browser-help.svg');
    expect(image.getAttribute('alt')).toContain('Open in external browser');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("on iOS opens an overlay: switch to an external browser, tap the three dots, 'Open in external browser', Close", async () => {
    const user = userEvent.setup({ delay: null });
    open('/signIn', IOS_FACEBOOK);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Switch to an external browser' })).toBeTruthy();
    const text = dialog.textContent ?? '';
    expect(text).toContain('switch to an external browser');
    expect(text).toContain("tap the three dots at the top of the screen and choose 'Open in external browser'");
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page itself keeps the text and the image.
    expect(screen.getByText(HELP_TEXT)).toBeTruthy();
  });
});
