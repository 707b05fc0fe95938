// The pages of the subscriber mails' links: confirming (opening the link only asks: the confirmation is called by
// the form's POST; the page then says whose club, or why the link no longer works) and unsubscribing (opening the
// link only reads whose club it is and asks: DELETE is called by the form's POST).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { unsubscribeTexts } from '~/club/club-texts';
import { confirmAction, readConfirmLink, readUnsubscribeLink } from '~/club/subscription.server';
import SubscriptionConfirm, {
  action as confirmRouteAction,
  headers,
  loader as confirmLoader,
  meta as confirmMeta,
} from '~/routes/subscription-confirm';
import SubscriptionUnsubscribe, { action, loader as unsubscribeLoader } from '~/routes/subscription-unsubscribe';
import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { renderPage } from '../render-page';
import { answers, callsOf, resetServer, server } from './api';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);
vi.mock('~/lib/browser-api', () => ({}));

beforeEach(() => resetServer());

const view = {
  id: 'sub-1',
  creatorId: 'creator-1',
  creator: { publicName: 'Anna Travels', slug: 'anna' },
  status: 'confirmed',
  timeZone: 'UTC',
  settings: { frequency: 'weekly' },
  subscriptionType: 'creator-updates',
  confirmedAt: '2026-01-01T00:00:00.000Z',
};

/** The confirmation page with its action, as the app has it (the form's POST runs the real action). */
function confirmPage(url: string) {
  const Stub = createRoutesStub([
    {
      path: '/emailSubscription/:id/confirm',
      Component: SubscriptionConfirm as never,
      loader: confirmLoader as never,
      action: confirmRouteAction as never,
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const confirmButton = () => screen.findByRole('button', { name: 'Confirm subscription' });

describe('the confirmation page', () => {
  it('only asks when the link is opened: a mail scanner opening it confirms nothing', async () => {
    answers['creator.confirmSubscription'] = () => view;
    confirmPage('/emailSubscription/sub-1/confirm?confirmationCode=code-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeTruthy();
    expect(
      screen.getByText('Press the button to start getting emails about new stays, trips and guides from this club.'),
    ).toBeTruthy();
    expect(await confirmButton()).toBeTruthy();
    expect(server.serverCall).not.toHaveBeenCalled();
    const opened = new Request('http://web.test/emailSubscription/sub-1/confirm?confirmationCode=code-123');
    expect(readConfirmLink(opened, 'sub-1')).toEqual({ state: 'ask', code: 'code-123' });
    expect(server.serverCall).not.toHaveBeenCalled();
  });

  it("confirms with the mail's code when the button is pressed, and says whose club the reader now follows", async () => {
    answers['creator.confirmSubscription'] = () => view;
    confirmPage('/emailSubscription/sub-1/confirm?confirmationCode=code-123');
    await userEvent.click(await confirmButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're subscribed to Anna Travels' club" }),
    ).toBeTruthy();
    expect(
      screen.getByText('Thanks for confirming. New stays, trips and guides from Anna Travels will come to your inbox.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "Visit Anna Travels' club" }).getAttribute('href')).toBe('/user/anna');
    expect(callsOf('creator.confirmSubscription')).toEqual([
      { params: { id: 'sub-1' }, query: { confirmationCode: 'code-123' } },
    ]);
  });

  it('says plainly when the code is wrong, expired or used, and asks nothing without a code', async () => {
    answers['creator.confirmSubscription'] = () => {
      throw new ApiError(400, 'subscription-code-invalid', 'Invalid');
    };
    confirmPage('/emailSubscription/sub-1/confirm?confirmationCode=used');
    await userEvent.click(await confirmButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: "This confirmation link doesn't work any more" }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "It may have expired or been used already. If you confirmed before, you're all set. Otherwise, subscribe again from the club page to get a new link.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
    expect(callsOf('creator.confirmSubscription')).toHaveLength(1);

    const noCode = new Request('http://web.test/emailSubscription/sub-1/confirm');
    expect(readConfirmLink(noCode, 'sub-1')).toEqual({ state: 'invalid' });
    const post = new Request('http://web.test/emailSubscription/sub-1/confirm', {
      method: 'POST',
      body: new URLSearchParams({}),
    });
    expect(await confirmAction(post, 'sub-1')).toEqual({ state: 'invalid' });
    expect(callsOf('creator.confirmSubscription')).toHaveLength(1);
  });

  it('shows no button for a link without a code', async () => {
    confirmPage('/emailSubscription/sub-1/confirm');
    expect(
      await screen.findByRole('heading', { level: 1, name: "This confirmation link doesn't work any more" }),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('thanks the reader even when the answer does not name the club', async () => {
    answers['creator.confirmSubscription'] = () => ({ ...view, creator: undefined });
    confirmPage('/emailSubscription/sub-1/confirm?confirmationCode=code-123');
    await userEvent.click(await confirmButton());
    expect(await screen.findByRole('heading', { level: 1, name: "You're subscribed" })).toBeTruthy();
    expect(
      screen.getByText('Thanks for confirming. New stays, trips and guides will come to your inbox.'),
    ).toBeTruthy();
  });

  it('asks again when the creator service fails, and is never cached nor indexed', async () => {
    answers['creator.confirmSubscription'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    confirmPage('/emailSubscription/sub-1/confirm?confirmationCode=c');
    await userEvent.click(await confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't confirm your subscription just now. Please try again in a moment.",
    );
    expect(await confirmButton()).toBeTruthy();
    expect(new Headers(headers({} as never) as HeadersInit).get('Cache-Control')).toBe('no-store');
    const tags = confirmMeta({ loaderData: { state: 'ask', code: 'c' } } as never);
    expect(tags).toEqual([{ title: 'Confirm your subscription · TravelClub' }, { name: 'robots', content: 'noindex' }]);
  });
});

const unsubscribePage = (url: string) =>
  renderPage({
    path: '/emailSubscription/:id/unsubscribe',
    Component: SubscriptionUnsubscribe,
    loader: unsubscribeLoader,
    url,
  });

/** The page with its action, as the app has it (the form's POST runs the real action). */
function withAction(url: string) {
  const Stub = createRoutesStub([
    {
      path: '/emailSubscription/:id/unsubscribe',
      Component: SubscriptionUnsubscribe as never,
      loader: unsubscribeLoader as never,
      action: action as never,
      HydrateFallback: () => null,
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe('the unsubscribe page', () => {
  it('names the club when the link is opened, and only reads: it never unsubscribes on a GET', async () => {
    answers['creator.readSubscription'] = () => ({
      creator: { publicName: 'Anna Travels', slug: 'anna' },
      status: 'confirmed',
    });
    unsubscribePage('/emailSubscription/sub-1/unsubscribe?token=tok-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Unsubscribe from Anna Travels' club emails?" }),
    ).toBeTruthy();
    expect(
      screen.getByText('You will stop getting emails about new stays, trips and guides from Anna Travels.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(callsOf('creator.readSubscription')).toEqual([{ params: { id: 'sub-1' }, query: { token: 'tok-1' } }]);
    expect(callsOf('creator.unsubscribe')).toHaveLength(0);
    expect(server.serverCall).toHaveBeenCalledTimes(1);
    expect(unsubscribeTexts.titleFor('Cara')).toBe("Unsubscribe from Cara's club emails?");
  });

  it('asks in general words when the service cannot say whose club it is just now (a GET still unsubscribes no one)', async () => {
    answers['creator.readSubscription'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    unsubscribePage('/emailSubscription/sub-1/unsubscribe?token=tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: "Unsubscribe from this club's emails?" })).toBeTruthy();
    expect(
      screen.getByText('You will stop getting emails about new stays, trips and guides from this creator.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(callsOf('creator.unsubscribe')).toHaveLength(0);

    for (const failure of [new ApiError(429, 'too-many-requests', 'Slow down'), new Error('socket hang up')]) {
      answers['creator.readSubscription'] = () => {
        throw failure;
      };
      const request = new Request('http://web.test/emailSubscription/sub-1/unsubscribe?token=t');
      expect(await readUnsubscribeLink(request, 'sub-1')).toEqual({ state: 'ask', token: 't', club: null });
    }
    expect(callsOf('creator.unsubscribe')).toHaveLength(0);
  });

  it('says the link is not valid when the service does not know it (a wrong token or id), without a button', async () => {
    answers['creator.readSubscription'] = () => {
      throw new ApiError(404, 'subscription-not-found', 'Subscription not found');
    };
    unsubscribePage('/emailSubscription/sub-1/unsubscribe?token=wrong');
    expect(await screen.findByRole('heading', { level: 1, name: "This unsubscribe link isn't valid" })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(callsOf('creator.readSubscription')).toEqual([{ params: { id: 'sub-1' }, query: { token: 'wrong' } }]);
    expect(callsOf('creator.unsubscribe')).toHaveLength(0);
  });

  it('unsubscribes with the DELETE call when the button is pressed, then says so', async () => {
    answers['creator.readSubscription'] = () => ({
      creator: { publicName: 'Anna Travels', slug: 'anna' },
      status: 'confirmed',
    });
    answers['creator.unsubscribe'] = () => undefined;
    withAction('/emailSubscription/sub-1/unsubscribe?token=tok-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeTruthy();
    expect(
      screen.getByText(
        "You won't get these emails any more. Changed your mind? Subscribe again from the club page at any time.",
      ),
    ).toBeTruthy();
    expect(callsOf('creator.unsubscribe')).toEqual([{ params: { id: 'sub-1' }, query: { token: 'tok-1' } }]);
  });

  it('says the link is not valid without a token (asking nothing), or when the service refuses it', async () => {
    unsubscribePage('/emailSubscription/sub-1/unsubscribe');
    expect(await screen.findByRole('heading', { level: 1, name: "This unsubscribe link isn't valid" })).toBeTruthy();
    expect(
      screen.getByText('Please use the unsubscribe link in the latest email you received from this club.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.serverCall).not.toHaveBeenCalled();

    answers['creator.unsubscribe'] = () => {
      throw new ApiError(400, 'unsubscribe-link-invalid', 'Invalid');
    };
    const post = new Request('http://web.test/emailSubscription/sub-1/unsubscribe?token=bad', {
      method: 'POST',
      body: new URLSearchParams({ token: 'bad' }),
    });
    expect(await action({ request: post, params: { id: 'sub-1' } } as never)).toEqual({ state: 'invalid' });
  });

  it('asks again when the service fails, saying it could not unsubscribe', async () => {
    answers['creator.unsubscribe'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    withAction('/emailSubscription/sub-1/unsubscribe?token=tok-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't unsubscribe you just now. Please try again in a moment.",
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });
});
