// The creator variant of sign-up (spec sections 2 and 6): `/signUp?invite=…` says 'Your Link-in-Bio Travel
// Club!' with the pitch to get verified, signs up with the creator role and lands on the dashboard; a magic
// link asked for from it comes back to the dashboard, whose gate offers the role.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CREATOR_PITCH } from '~/auth/copy';
import SignUpPage, { loader, meta } from '~/routes/sign-up';
import { account, answers, callsTo, resetApi, tokens } from '../auth/api-mock';
import { renderPage } from '../render-page';

vi.mock('~/lib/browser-api', async () => (await import('../auth/api-mock')).browserApi);

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

const open = (url: string) => renderPage({ path: '/signUp', Component: SignUpPage, loader, url });

describe('sign-up with an invite', () => {
  it("says 'Your Link-in-Bio Travel Club!' with the pitch to get verified", async () => {
    open('/signUp?invite=c0ffee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Link-in-Bio Travel Club!' })).toBeTruthy();
    expect(screen.getByText(CREATOR_PITCH)).toBeTruthy();
    expect(CREATOR_PITCH).toMatch(/get verified/);
    expect(screen.queryByRole('heading', { name: 'Sign Up' })).toBeNull();
    expect(meta({ loaderData: { asCreator: true } } as never)).toEqual([{ title: 'Start your club · TravelClub' }]);
  });

  it('signs up with the creator role and lands on the dashboard', async () => {
    answers.signUp = () => tokens(account({ id: 'cara-1', roles: ['role/creator'] }));
    const user = userEvent.setup({ delay: null });
    open('/signUp?invite=c0ffee');
    await user.type(await screen.findByLabelText('Email'), 'cara@example.com{Enter}');
    await user.type(screen.getByLabelText('Your name'), 'Cara');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Repeat password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(callsTo('signUp')).toEqual([
      {
        body: {
          email: 'cara@example.com',
          password: 'secret1',
          repassword: 'secret1',
          publicName: 'Cara',
          role: 'creator',
        },
      },
    ]);
  });

  it('sends the magic link back to the dashboard, unless a returnUrl was given', async () => {
    answers.magicLink = () => ({ message: 'A sign in link has been sent to your email address.' });
    const user = userEvent.setup({ delay: null });
    open('/signUp?invite=c0ffee');
    await user.type(await screen.findByLabelText('Email'), 'cara@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a magic link' }));
    expect(await screen.findByText('A sign in link has been sent to your email address.')).toBeTruthy();
    expect(callsTo('magicLink')).toEqual([{ body: { email: 'cara@example.com', returnUrl: '/dashboard' } }]);
  });

  it('keeps a given returnUrl for the magic link, and a traveller’s sign-up as it was', async () => {
    answers.magicLink = () => ({ message: 'A sign in link has been sent to your email address.' });
    const user = userEvent.setup({ delay: null });
    open('/signUp?invite&returnUrl=%2Fdashboard%2Fclub-settings');
    await user.type(await screen.findByLabelText('Email'), 'cara@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a magic link' }));
    await screen.findByText('A sign in link has been sent to your email address.');
    expect(callsTo('magicLink')[0]).toMatchObject({ body: { returnUrl: '/dashboard/club-settings' } });
  });

  it('leaves the traveller variant alone: heading, role consumer, magic link to the returnUrl', async () => {
    answers.magicLink = () => ({ message: 'A sign in link has been sent to your email address.' });
    const user = userEvent.setup({ delay: null });
    open('/signUp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    expect(screen.queryByText(CREATOR_PITCH)).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a magic link' }));
    await screen.findByText('A sign in link has been sent to your email address.');
    expect(callsTo('magicLink')[0]).toMatchObject({ body: { returnUrl: '/' } });
  });
});
