// The sign-up page (spec sections 2, 4, 5, 9): the email first, 'Continue' or Enter reveals the rest over
// 500 ms, the second step hidden until the email is valid and hidden again on an email error, errors only
// once a field is dirty, the creator variant of ?invite, and the anonymous visitor's upgrade.
import { ApiError } from '@travelclub/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SignUpPage, { loader } from '~/routes/sign-up';
import { account, answers, browserApi, callsTo, resetApi, tokens } from './api-mock';
import { renderPage } from './helpers';

vi.mock('~/lib/browser-api', async () => (await import('./api-mock')).browserApi);

const open = (url = '/signUp', user: ReturnType<typeof account> | null = null) =>
  renderPage({ path: '/signUp', Component: SignUpPage, loader, url, user });

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const secondStep = () => screen.queryByTestId('sign-up-second-step');

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

async function continueWith(email: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(button('Continue'));
  return user;
}

describe('the sign-up page', () => {
  it("is headed 'Sign Up', asks for the email first and links 'Already have an account? Sign in' to /signIn", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByLabelText('Repeat password')).toBeNull();
    expect(button('Continue')).toBeTruthy();
    expect(button('Email me a magic link')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Already have an account? Sign in' });
    expect(link.getAttribute('href')).toBe('/signIn');
    expect(screen.getByText(/Terms of Service/)).toBeTruthy();
  });

  it('disables its buttons while the email is empty or invalid', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByLabelText('Email');
    expect(button('Continue').disabled).toBe(true);
    expect(button('Email me a magic link').disabled).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'ann@');
    expect(button('Continue').disabled).toBe(true);
    expect(button('Email me a magic link').disabled).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(button('Continue').disabled).toBe(false);
    expect(button('Email me a magic link').disabled).toBe(false);
  });

  it('shows no error before a field is dirty, then validates on change', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByLabelText('Email');
    expect(screen.queryByText('Email address is required')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'ann');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    // Back to its first value, the field is not dirty any more: no message, the button stays disabled.
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.queryByText('Email address is required')).toBeNull();
    expect(button('Continue').disabled).toBe(true);
  });

  it("reveals name, password and repeat password with 'Sign Up' on 'Continue', over 500 ms", async () => {
    open();
    expect(secondStep()).toBeNull();
    await continueWith('ann@example.com');
    expect(secondStep()).toBeTruthy();
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Repeat password').getAttribute('type')).toBe('password');
    expect(button('Sign Up')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(secondStep()?.className).toBe('auth-reveal');
    expect(secondStep()?.style.getPropertyValue('--reveal-duration')).toBe('500ms');
    // The keyboard goes on where the new fields are.
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
  });

  it('reveals on Enter in the email field too', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com{Enter}');
    expect(secondStep()).toBeTruthy();
  });

  it('keeps the password fields hidden until the email is valid, and hides them again on an email error', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(await screen.findByLabelText('Email'), 'ann@{Enter}');
    expect(secondStep()).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'example.com');
    await user.click(button('Continue'));
    expect(secondStep()).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '@');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(secondStep()).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.type(screen.getByLabelText('Email'), '{Backspace}');
    expect(secondStep()).toBeTruthy();
  });

  it('shows the second step errors only once each field is dirty, with the exact texts', async () => {
    open();
    const user = await continueWith('ann@example.com');
    expect(screen.queryByText('You must specify a password')).toBeNull();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await user.type(screen.getByLabelText('Password'), '123');
    expect(screen.getByText('The password must be 6 characters long or more.')).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await user.type(screen.getByLabelText('Password'), '456');
    await user.type(screen.getByLabelText('Repeat password'), '12345x');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it("shows every rule's message on 'Sign Up' with empty fields, and sends nothing", async () => {
    open();
    const user = await continueWith('ann@example.com');
    await user.click(button('Sign Up'));
    expect(screen.getByText('Public name is required')).toBeTruthy();
    expect(screen.getAllByText('You must specify a password')).toHaveLength(2);
    expect(callsTo('signUp')).toHaveLength(0);
  });

  it('signs up a traveller (role consumer) with email, password, name and goes to the returnUrl', async () => {
    const ann = account({ isNew: true });
    answers.signUp = () => tokens(ann);
    open('/signUp?returnUrl=%2Fhotel%2Fa');
    const user = await continueWith('ann@example.com');
    await user.type(screen.getByLabelText('Your name'), ' Ann ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Repeat password'), 'secret1');
    await user.click(button('Sign Up'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/hotel/a');
    expect(callsTo('signUp')).toEqual([
      {
        body: {
          email: 'ann@example.com',
          password: 'secret1',
          repassword: 'secret1',
          publicName: 'Ann',
          role: 'consumer',
        },
      },
    ]);
    expect(browserApi.adopt).toHaveBeenCalledWith(tokens(ann));
  });

  it("upgrades an anonymous visitor in place: the sign-up goes through `call`, which carries the visitor's token", async () => {
    const visitor = account({ id: 'anon-1', isAnonymous: true, email: null, publicName: null, roles: [] });
    answers.signUp = () => tokens(account({ id: 'anon-1' }));
    open('/signUp', visitor);
    const user = await continueWith('ann@example.com');
    await user.type(screen.getByLabelText('Your name'), 'Ann');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Repeat password'), 'secret1{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
    expect(callsTo('signUp')).toHaveLength(1);
    expect(browserApi.adopt.mock.calls[0]?.[0].user.id).toBe('anon-1');
  });

  it("shows the service's refusal in the red 'Error' callout", async () => {
    answers.signUp = () => {
      throw new ApiError(409, 'email-already-in-use', 'The email address is already in use by another account.');
    };
    open();
    const user = await continueWith('ann@example.com');
    await user.type(screen.getByLabelText('Your name'), 'Ann');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Repeat password'), 'secret1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorThe email address is already in use by another account.',
    );
  });

  it("offers 'Email me a magic link', answered in the green 'Success' callout", async () => {
    answers.magicLink = () => ({ message: 'A sign in link has been sent to your email address.' });
    open();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.click(button('Email me a magic link'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'SuccessA sign in link has been sent to your email address.',
    );
  });
});

describe('the creator variant (?invite)', () => {
  it("says 'Your Link-in-Bio Travel Club!' with a pitch to get verified, and signs up a creator to /dashboard", async () => {
    answers.signUp = () => tokens(account({ roles: ['role/creator'] }));
    open('/signUp?invite&returnUrl=%2Fhotel%2Fa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Link-in-Bio Travel Club!' })).toBeTruthy();
    expect(screen.getByText(/get verified/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' }).getAttribute('href')).toBe(
      '/signIn?invite&returnUrl=%2Fhotel%2Fa',
    );
    const user = await continueWith('cara@example.com');
    await user.type(screen.getByLabelText('Your name'), 'Cara');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Repeat password'), 'secret1{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(callsTo('signUp')[0]).toMatchObject({ body: { role: 'creator' } });
  });
});

describe('switched off', () => {
  it('says sign-up is closed when isSignUpEnabled is off', async () => {
    renderPage({
      path: '/signUp',
      Component: SignUpPage,
      loader: (args) => ({ ...loader(args as never), isSignUpEnabled: false }),
      url: '/signUp',
    });
    expect(await screen.findByText('Sign-up is closed at the moment.')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });
});

describe('the reveal transition (spec section 9)', () => {
  const css = readFileSync(fileURLToPath(new URL('../../app/auth/auth.css', `file://${__filename}`)), 'utf8');
  it('animates over --reveal-duration, and only fades with reduced motion', () => {
    expect(css).toMatch(/\.auth-reveal \{[^}]*animation: auth-reveal var\(--reveal-duration, 500ms\)/);
    expect(css).toMatch(/prefers-reduced-motion: reduce\) \{\s*\.auth-reveal \{\s*animation-name: auth-fade;/);
  });
});
