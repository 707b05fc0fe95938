// The pages the mails and providers send people to (spec section 2): /forgotPassword, /resetPassword (mode,
// oobCode, apiKey, continueUrl, lang), /continueSignIn (the magic link), /auth-redirect (Google and
// Facebook, and the verification mail), with the spec's texts in their callouts.
import { ApiError } from '@travelclub/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AuthRedirectPage, { loader as authRedirectLoader } from '~/routes/auth-redirect';
import ContinueSignInPage, { loader as continueLoader } from '~/routes/continue-sign-in';
import ForgotPasswordPage, { loader as forgotLoader } from '~/routes/forgot-password';
import ResetPasswordPage, { loader as resetLoader } from '~/routes/reset-password';
import { account, answers, browserApi, callsTo, resetApi, tokens } from './api-mock';
import { renderPage } from './helpers';

vi.mock('~/lib/browser-api', async () => (await import('./api-mock')).browserApi);

const INVALID_ACTION_CODE = 'Your request to reset your password has expired or the link has already been used';
const landed = async () => (await screen.findByTestId('landed')).textContent;

beforeEach(() => resetApi());

describe('/forgotPassword', () => {
  const open = (url = '/forgotPassword') =>
    renderPage({ path: '/forgotPassword', Component: ForgotPasswordPage, loader: forgotLoader, url });

  it("asks for the email (button disabled until it is valid) and answers in a neutral green 'Success'", async () => {
    answers.requestPasswordReset = () => ({ accepted: true });
    const user = userEvent.setup({ delay: null });
    open();
    const send = await screen.findByRole<HTMLButtonElement>('button', { name: 'Email me a reset link' });
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'ann');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '@example.com{Enter}');
    const status = await screen.findByRole('status');
    expect(status.getAttribute('data-tone')).toBe('success');
    expect(status.textContent).toMatch(/^SuccessIf an account exists for this email address/);
    expect(callsTo('requestPasswordReset')).toEqual([{ body: { email: 'ann@example.com' } }]);
  });
});

describe('/resetPassword', () => {
  const open = (url: string) =>
    renderPage({ path: '/resetPassword', Component: ResetPasswordPage, loader: resetLoader, url });
  const RESET_URL = '/resetPassword?mode=resetPassword&oobCode=code-1&apiKey=k&continueUrl=%2Ftrips&lang=en';

  async function choose(passwordText: string, repeat: string) {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('New password'), passwordText);
    await user.type(screen.getByLabelText('Repeat password'), repeat);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('sets the new password with the mailed code, then offers sign-in (back to continueUrl)', async () => {
    answers.confirmPasswordReset = () => ({
      message: 'Your password has been changed. You can now sign in with your new password.',
    });
    open(RESET_URL);
    await choose('secret1', 'secret1');
    expect((await screen.findByRole('status')).textContent).toBe(
      'SuccessYour password has been changed. You can now sign in with your new password.',
    );
    expect(callsTo('confirmPasswordReset')).toEqual([
      { body: { mode: 'resetPassword', oobCode: 'code-1', newPassword: 'secret1' } },
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signIn?returnUrl=%2Ftrips');
  });

  it('checks the passwords on change with the exact messages', async () => {
    open(RESET_URL);
    await choose('123', '124');
    expect(screen.getByText('The password must be 6 characters long or more.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(callsTo('confirmPasswordReset')).toHaveLength(0);
  });

  it("shows a used or expired link's invalid-action-code text in the red 'Error' callout", async () => {
    answers.confirmPasswordReset = () => {
      throw new ApiError(400, 'invalid-action-code', INVALID_ACTION_CODE);
    };
    open(RESET_URL);
    await choose('secret1', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${INVALID_ACTION_CODE}`);
  });

  it('says the link is not valid when it has no code', async () => {
    open('/resetPassword?mode=resetPassword');
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${INVALID_ACTION_CODE}`);
  });

  it('verifies an email address with mode=verifyEmail', async () => {
    answers.verifyEmail = () => ({ user: account() });
    open('/resetPassword?mode=verifyEmail&oobCode=v-1');
    expect(await screen.findByText('Your email address has been verified. Thank you!')).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('success');
    expect(callsTo('verifyEmail')).toEqual([{ body: { code: 'v-1' } }]);
  });

  it('sends a sign-in link (mode=signIn) on to /continueSignIn', async () => {
    open('/resetPassword?mode=signIn&oobCode=m-1&continueUrl=%2Ftrips');
    expect(await landed()).toBe('/continueSignIn?code=m-1&returnUrl=%2Ftrips');
  });
});

describe('/continueSignIn (the magic link)', () => {
  const open = (url: string) =>
    renderPage({ path: '/continueSignIn', Component: ContinueSignInPage, loader: continueLoader, url });

  it('uses the code once, adopts the tokens and goes where the link was asked from', async () => {
    answers.consumeMagicLink = () => ({ ...tokens(account()), returnUrl: '/hotel/a' });
    open('/continueSignIn?code=m-1');
    expect(await landed()).toBe('/hotel/a');
    expect(callsTo('consumeMagicLink')).toEqual([{ body: { code: 'm-1' } }]);
    expect(browserApi.adopt).toHaveBeenCalledTimes(1);
  });

  it('sends a creator to /dashboard', async () => {
    answers.consumeMagicLink = () => ({ ...tokens(account({ roles: ['role/creator'] })), returnUrl: '/hotel/a' });
    open('/continueSignIn?code=m-2');
    expect(await landed()).toBe('/dashboard');
  });

  it("shows a used link's refusal in the red 'Error' callout, with the way back to sign-in", async () => {
    answers.consumeMagicLink = () => {
      throw new ApiError(400, 'invalid-action-code', INVALID_ACTION_CODE);
    };
    open('/continueSignIn?code=m-3');
    expect((await screen.findByRole('alert')).textContent).toBe(`Error${INVALID_ACTION_CODE}`);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signIn');
  });
});

describe('/auth-redirect', () => {
  const open = (url: string) =>
    renderPage({ path: '/auth-redirect', Component: AuthRedirectPage, loader: authRedirectLoader, url });

  it("exchanges a provider's one-time code, adopts the tokens and goes on to the returnUrl", async () => {
    answers.oauthExchange = () => tokens(account());
    open('/auth-redirect?returnUrl=%2Fhotel%2Fa&authCode=p-1');
    expect(await landed()).toBe('/hotel/a');
    expect(callsTo('oauthExchange')).toEqual([{ body: { code: 'p-1' } }]);
  });

  it('gives the creator role a creator sign-in asked for, then opens the dashboard', async () => {
    answers.oauthExchange = () => tokens(account());
    answers.changeRole = () => ({ user: account({ roles: ['role/creator'] }), accessToken: 'b', expiresIn: 900 });
    open('/auth-redirect?returnUrl=%2F&creator=1&authCode=p-2');
    expect(await landed()).toBe('/dashboard');
  });

  it('shows a refused code in red', async () => {
    answers.oauthExchange = () => {
      throw new ApiError(
        401,
        'invalid-provider-details',
        'Could not sign in with the provided credentials. Please try again.',
      );
    };
    open('/auth-redirect?returnUrl=%2F&authCode=p-3');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorCould not sign in with the provided credentials. Please try again.',
    );
  });

  it('verifies the email of the verification mail (mode=verifyEmail&oobCode)', async () => {
    answers.verifyEmail = () => ({ user: account() });
    open('/auth-redirect?mode=verifyEmail&oobCode=v-2');
    expect(await screen.findByText('Your email address has been verified. Thank you!')).toBeTruthy();
  });

  it('goes straight on to the returnUrl without a code', async () => {
    open('/auth-redirect?returnUrl=%2Ftrips');
    expect(await landed()).toBe('/trips');
  });
});
