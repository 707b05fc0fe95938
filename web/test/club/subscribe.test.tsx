// Subscribe by email (double opt-in): the address rule with the spec's texts, the action's call and its neutral
// answer whatever the service knows of the address, its refusals, and the box on the club home.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, subscriptionMessages } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeTexts } from '~/club/club-texts';
import { subscribeEmailError } from '~/club/subscribe-rules';
import { subscribeAction } from '~/club/subscribe.server';
import { answers, callsOf, resetServer } from './api';
import { club } from './fixtures';
import { renderClub } from './render';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);
vi.mock('~/lib/browser-api', () => ({}));

beforeEach(() => {
  resetServer();
  Object.assign(navigator, { sendBeacon: vi.fn(() => true) });
});

const post = (fields: Record<string, string>) =>
  new Request('http://web.test/user/anna?index', { method: 'POST', body: new URLSearchParams(fields) });

describe('the address rule (spec section 5)', () => {
  it("says 'Email address is required' and 'Invalid email address'", () => {
    expect(subscribeEmailError('')).toBe('Email address is required');
    expect(subscribeEmailError('   ')).toBe('Email address is required');
    expect(subscribeEmailError('ada')).toBe('Invalid email address');
    expect(subscribeEmailError('ada @example.com')).toBe('Invalid email address');
    expect(subscribeEmailError('a@b,c@d')).toBe('Invalid email address');
    expect(subscribeEmailError(' ada@example.com ')).toBeNull();
  });

  it("says the creator service's own neutral words", () => {
    expect(subscribeTexts.checkInbox).toBe(subscriptionMessages.checkInbox);
  });
});

describe('the subscribe action', () => {
  it('asks for the subscription with the address, the creator and the time zone, and answers neutrally', async () => {
    // Whatever the service says about the address, the page says the same.
    answers['creator.subscribe'] = () => ({ message: 'You are already subscribed' });
    const answer = await subscribeAction(
      post({ email: ' ada@example.com ', creatorId: 'creator-1', timeZone: 'Europe/Lisbon' }),
    );
    expect(answer).toEqual({ ok: true, message: 'Please check your inbox to confirm your subscription.' });
    expect(callsOf('creator.subscribe')).toEqual([
      { body: { email: 'ada@example.com', creatorId: 'creator-1', timeZone: 'Europe/Lisbon' } },
    ]);
  });

  it('leaves out a time zone nobody knows (the service takes UTC)', async () => {
    answers['creator.subscribe'] = () => ({ message: 'x' });
    await subscribeAction(post({ email: 'ada@example.com', creatorId: 'creator-1', timeZone: 'Mars/Olympus' }));
    expect(callsOf('creator.subscribe')).toEqual([{ body: { email: 'ada@example.com', creatorId: 'creator-1' } }]);
  });

  it('refuses an address breaking the rule without a call', async () => {
    expect(await subscribeAction(post({ email: 'ada', creatorId: 'creator-1' }))).toEqual({
      ok: false,
      message: 'Invalid email address',
      fieldError: 'Invalid email address',
    });
    expect(await subscribeAction(post({ creatorId: 'creator-1' }))).toMatchObject({
      fieldError: 'Email address is required',
    });
    expect(callsOf('creator.subscribe')).toEqual([]);
  });

  it('says so when there were too many attempts, when the service refuses the address, or fails', async () => {
    answers['creator.subscribe'] = () => {
      throw new ApiError(429, 'too-many-requests', 'Slow down');
    };
    const form = { email: 'ada@example.com', creatorId: 'creator-1' };
    expect(await subscribeAction(post(form))).toEqual({
      ok: false,
      message: 'Too many attempts from here. Please try again in a few minutes.',
    });
    answers['creator.subscribe'] = () => {
      throw new ApiError(400, 'validation-failed', 'Bad', [{ path: 'email', message: 'Invalid email address' }]);
    };
    expect(await subscribeAction(post(form))).toMatchObject({ fieldError: 'Invalid email address' });
    answers['creator.subscribe'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    expect(await subscribeAction(post(form))).toEqual({
      ok: false,
      message: "We couldn't subscribe you just now. Please try again later.",
    });
  });
});

describe('the subscribe box', () => {
  it('invites the visitor, checks the address, then says to check the inbox', async () => {
    answers['creator.clubView'] = () => club();
    answers['creator.subscribe'] = () => ({ message: 'whatever' });
    renderClub('/user/anna');
    const box = (await screen.findByRole('heading', { name: "Join Anna Travels' travel club" })).closest('section')!;
    expect(
      within(box).getByText(
        'New stays, trips and guides from Anna Travels, straight to your inbox. Unsubscribe in one click, any time.',
      ),
    ).toBeTruthy();
    const field = within(box).getByLabelText('Email address');
    await userEvent.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(within(box).getByRole('alert').textContent).toBe('Email address is required');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(field, 'ada');
    expect(within(box).getByRole('alert').textContent).toBe('Invalid email address');
    expect(callsOf('creator.subscribe')).toEqual([]);

    await userEvent.type(field, '@example.com');
    expect(within(box).queryByRole('alert')).toBeNull();
    await userEvent.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect((await within(box).findByRole('status')).textContent).toBe(
      'Please check your inbox to confirm your subscription.',
    );
    await waitFor(() => expect(callsOf('creator.subscribe')).toHaveLength(1));
    expect(callsOf('creator.subscribe')[0]).toMatchObject({
      body: { email: 'ada@example.com', creatorId: 'creator-1' },
    });
    expect(within(box).queryByLabelText('Email address')).toBeNull();
  });

  it("shows the action's refusal, and clears it when the address is typed again", async () => {
    answers['creator.clubView'] = () => club();
    answers['creator.subscribe'] = () => {
      throw new ApiError(429, 'too-many-requests', 'Slow down');
    };
    renderClub('/user/anna');
    const field = await screen.findByLabelText('Email address');
    await userEvent.type(field, 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts from here. Please try again in a few minutes.',
    );
    await userEvent.type(field, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
