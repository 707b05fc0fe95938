// The sign-in page (spec sections 2, 4, 5, 8): its heading, fields, links and buttons, the rules of its form,
// the server's answers in red 'Error' and green 'Success' callouts, where it goes after signing in, and the
// automatic sign-in it makes (or skips after a logout).
import { ApiError } from '@travelclub/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SignInPage, { loader } from '~/routes/sign-in';
import { account, answers, browserApi, callsTo, resetApi, tokens } from './api-mock';
import { renderPage } from './helpers';

vi.mock('~/lib/browser-api', async () => (await import('./api-mock')).browserApi);

const open = (url = '/signIn', user: ReturnType<typeof account> | null = null) =>
  renderPage({ path: '/signIn', Component: SignInPage, loader, url, user });

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

describe('the sign-in page', () => {
  it("is headed 'Welcome Back to TravelClub!' with the fields, links, buttons and terms of spec section 2", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back to TravelClub!' })).toBeTruthy();
    expect(email()).toBeTruthy();
    expect(password().getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotPassword');
    expect(button('Sign In')).toBeTruthy();
    expect(button('Email me a magic link')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(screen.getByText(/Terms of Service/).textContent).toContain('Privacy Policy');
  });

  it('disables both buttons while the email is empty or invalid', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByLabelText('Email');
    expect(button('Sign In').disabled).toBe(true);
    expect(button('Email me a magic link').disabled).toBe(true);
    await user.type(email(), 'ann@');
    expect(button('Sign In').disabled).toBe(true);
    expect(button('Email me a magic link').disabled).toBe(true);
    await user.type(email(), 'example.com');
    expect(button('Sign In').disabled).toBe(false);
    expect(button('Email me a magic link').disabled).toBe(false);
  });

  it('validates on change with the exact messages', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(await screen.findByLabelText('Email'), 'ann');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    await user.clear(email());
    expect(screen.getByText('Email address is required')).toBeTruthy();
    await user.type(password(), 'x');
    await user.clear(password());
    expect(screen.getByText('You must specify a password')).toBeTruthy();
  });

  it("asks for the password on 'Sign In' without calling the service", async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(button('Sign In'));
    expect(screen.getByText('You must specify a password')).toBeTruthy();
    expect(callsTo('signIn')).toHaveLength(0);
  });

  it.each([
    ['wrong-password', 'The specified password does not match the records.'],
    ['user-not-found', 'The email address is not registered. Please create a new account.'],
    ['weak-password', 'The password must be 6 characters long or more.'],
    ['account-exists-with-different-credential', 'An account with the same email address already exist.'],
  ] as const)("shows the service's %s answer in a red 'Error' callout", async (code, text) => {
    answers.signIn = () => {
      throw new ApiError(400, code, text);
    };
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(password(), 'secret');
    await user.click(button('Sign In'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Error${text}`);
    expect(alert.getAttribute('data-tone')).toBe('error');
  });

  it("says the magic link is sent in a green 'Success' callout, asking it to come back to the returnUrl", async () => {
    answers.magicLink = () => ({ message: 'A sign in link has been sent to your email address.' });
    const user = userEvent.setup({ delay: null });
    open('/signIn?returnUrl=%2Fhotel%2Fa');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(button('Email me a magic link'));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('SuccessA sign in link has been sent to your email address.');
    expect(status.getAttribute('data-tone')).toBe('success');
    expect(callsTo('magicLink')).toEqual([{ body: { email: 'ann@example.com', returnUrl: '/hotel/a' } }]);
  });

  it('signs in, adopts the tokens and goes to the returnUrl', async () => {
    const ann = account();
    answers.signIn = () => tokens(ann);
    const user = userEvent.setup({ delay: null });
    open('/signIn?returnUrl=%2Fhotel%2Fa%3FsearchId%3Ds1');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(password(), 'secret{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/hotel/a?searchId=s1');
    expect(callsTo('signIn')).toEqual([{ body: { email: 'ann@example.com', password: 'secret' } }]);
    expect(browserApi.adopt).toHaveBeenCalledWith(tokens(ann));
  });

  it("goes to '/' without a returnUrl, and never off the site", async () => {
    answers.signIn = () => tokens(account());
    const user = userEvent.setup({ delay: null });
    open('/signIn?returnUrl=https%3A%2F%2Fevil.test%2F');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(password(), 'secret{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
  });

  it('sends creators to /dashboard', async () => {
    answers.signIn = () => tokens(account({ roles: ['role/creator'] }));
    const user = userEvent.setup({ delay: null });
    open('/signIn?returnUrl=%2Fhotel%2Fa');
    await user.type(await screen.findByLabelText('Email'), 'cara@example.com');
    await user.type(password(), 'secret{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
  });

  it('with ?invite, gives a signed-in traveller the creator role and opens the dashboard', async () => {
    answers.signIn = () => tokens(account());
    answers.changeRole = () => ({ user: account({ roles: ['role/creator'] }), accessToken: 'b', expiresIn: 900 });
    const user = userEvent.setup({ delay: null });
    open('/signIn?invite');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(password(), 'secret{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(callsTo('changeRole')).toEqual([{ body: { role: 'creator' } }]);
  });

  it("links \"Don't have an account? Sign up\" with the page's search params and a returnUrl (default '/')", async () => {
    open('/signIn?invite');
    const link = await screen.findByRole('link', { name: "Don't have an account? Sign up" });
    expect(link.getAttribute('href')).toBe('/signUp?invite=&returnUrl=%2F');
  });

  it('links sign-up with the returnUrl it was given', async () => {
    open('/signIn?returnUrl=%2Fhotel%2Fa');
    const link = await screen.findByRole('link', { name: "Don't have an account? Sign up" });
    expect(link.getAttribute('href')).toBe('/signUp?returnUrl=%2Fhotel%2Fa');
  });

  it("shows a provider sign-in's failure (?authError) in the red callout", async () => {
    open('/signIn?authError=account-exists-with-different-credential');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorAn account with the same email address already exist.',
    );
  });
});

describe('the automatic sign-in (spec section 4)', () => {
  it('sends a person already signed in on, once', async () => {
    open('/signIn?returnUrl=%2Ftrips', account());
    expect((await screen.findByTestId('landed')).textContent).toBe('/trips');
  });

  it('is skipped when arriving from /logout', async () => {
    open('/signIn?loggedOut=1', account());
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('is skipped after a logout in this tab', async () => {
    sessionStorage.setItem('travelclub.signedOut', '1');
    open('/signIn', account());
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('is not made for an anonymous visitor (a cart, no account)', async () => {
    open('/signIn', account({ isAnonymous: true, email: null }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('landed')).toBeNull());
  });
});
