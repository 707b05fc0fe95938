// The auth modal (spec sections 2, 3, 4): opens with sign-in or sign-up, headed 'Sign In' or 'Sign Up',
// switchable inside, signing up travellers (role/customer), closing itself once a person is signed in (or
// at once when one already is), and giving the page its scroll back when it hides.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModal, type AuthProcess } from '~/auth/auth-modal';
import { Button } from '~/ui/button';
import { account, answers, callsTo, resetApi, tokens } from './api-mock';
import { renderPage } from './helpers';

vi.mock('~/lib/browser-api', async () => (await import('./api-mock')).browserApi);

const signedIn = vi.fn();

function HotelPage({ process }: { process: AuthProcess }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <h1>Hotel</h1>
      <Button onPress={() => setOpen(true)}>Add to cart</Button>
      <p data-testid="modal-state">{isOpen ? 'open' : 'closed'}</p>
      <AuthModal isOpen={isOpen} onOpenChange={setOpen} process={process} onSignedIn={signedIn} />
    </>
  );
}

function open(process: AuthProcess, user: ReturnType<typeof account> | null = null) {
  renderPage({ path: '/hotel/a', Component: () => <HotelPage process={process} />, url: '/hotel/a?searchId=s1', user });
}

async function openModal() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

beforeEach(() => {
  resetApi();
  signedIn.mockClear();
});

describe('the auth modal', () => {
  it("opens with sign-in, headed 'Sign In', and switches to sign-up and back", async () => {
    open('signin');
    const { user, dialog } = await openModal();
    expect(within(dialog).getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(within(dialog).getByRole('heading', { name: 'Sign Up' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(within(dialog).getByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });

  it("opens with sign-up, headed 'Sign Up'", async () => {
    open('signup');
    const { dialog } = await openModal();
    expect(within(dialog).getByRole('heading', { name: 'Sign Up' })).toBeTruthy();
  });

  it('disables its buttons while the email is empty or invalid, like the page', async () => {
    open('signin');
    const { user, dialog } = await openModal();
    const signIn = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Sign In' });
    expect(signIn.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
    expect(signIn.disabled).toBe(true);
  });

  it('signs a visitor up as a traveller (role consumer, the claim role/customer) and closes itself', async () => {
    answers.signUp = () => tokens(account());
    open('signup', account({ id: 'anon-1', isAnonymous: true, email: null, roles: [] }));
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com{Enter}');
    await user.type(within(dialog).getByLabelText('Your name'), 'Ann');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'secret1{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('signUp')[0]).toMatchObject({ body: { role: 'consumer', email: 'ann@example.com' } });
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('modal-state').textContent).toBe('closed');
    // The visitor stays on the page they were on.
    expect(screen.getByRole('heading', { name: 'Hotel' })).toBeTruthy();
  });

  it('asks a magic link to come back to the page it was opened on', async () => {
    answers.magicLink = () => ({ message: 'A sign in link has been sent to your email address.' });
    open('signin');
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Email me a magic link' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'SuccessA sign in link has been sent to your email address.',
    );
    expect(callsTo('magicLink')).toEqual([{ body: { email: 'ann@example.com', returnUrl: '/hotel/a?searchId=s1' } }]);
  });

  it('closes itself at once when a person is signed in already', async () => {
    open('signin', account());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByTestId('modal-state').textContent).toBe('closed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(signedIn).toHaveBeenCalledTimes(1);
  });

  it('locks page scroll while open and restores it when hidden', async () => {
    open('signin');
    const { user } = await openModal();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.documentElement.style.overflow).toBe('');
  });
});
