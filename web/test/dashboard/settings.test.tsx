// Settings: the account's facts, the plan in each of its states with the way on from each (billing's hosted
// checkout and portal, reached by the address a call answers), and verification: ask, its rules, and where it
// stands (verified, pending, refused with its reason), read from the profile's latest request after a reload.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from '~/dashboard/leave-site';
import { CHECKOUT_CANCELLED, NO_PLAN, planView, PLAN_STARTED } from '~/dashboard/plan-copy';
import { VERIFIED, VERIFY_PITCH, verificationState } from '~/dashboard/verification-section';
import { LINK_RULE, NOTE_TOO_LONG, TOO_MANY_LINKS } from '~/dashboard/verification-fields';
import DashboardSettings from '~/routes/dashboard-settings';
import { answers, aPlan, aProfile, callsOf, newCreatorAnswers, refusal, renderRoutes, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);
vi.mock('~/dashboard/leave-site', () => ({ leaveFor: vi.fn() }));

beforeEach(() => {
  resetApi();
  vi.mocked(leaveFor).mockClear();
});

const open = (url = '/dashboard/settings') =>
  renderRoutes([{ path: '/dashboard/settings', Component: DashboardSettings }], url);
const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const planSection = async () => {
  await screen.findByRole('heading', { level: 2, name: 'Plan and billing' });
  return section('Plan and billing');
};

describe('the account', () => {
  it('shows the email, public name and club address, and sends changes to club settings', async () => {
    newCreatorAnswers(aProfile({ publicName: 'Cara Jones', slug: 'wanderwithcara' }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const account = await screen.findByRole('heading', { level: 2, name: 'Account' });
    const facts = within(account.closest('section')!);
    expect(facts.getByText('cara@example.com')).toBeTruthy();
    expect(facts.getByText('Cara Jones')).toBeTruthy();
    expect(facts.getByText('/user/wanderwithcara')).toBeTruthy();
    expect(facts.getByRole('link', { name: 'Club settings' }).getAttribute('href')).toBe('/dashboard/club-settings');
  });
});

describe('the plan', () => {
  it("without a plan (billing's { plan: null }) says so, and 'Start your plan' goes to the checkout billing answers", async () => {
    newCreatorAnswers();
    answers['billing.startCreatorPlan'] = () => ({
      checkoutUrl: 'https://pay.test/checkout/abc',
      subscriptionId: 'p1',
    });
    open();
    const plan = within(await planSection());
    expect(await plan.findByText(NO_PLAN)).toBeTruthy();
    await userEvent.setup().click(plan.getByRole('button', { name: 'Start your plan' }));
    expect(callsOf('billing.startCreatorPlan')).toEqual([
      { body: { returnUrl: '/dashboard/settings?plan=started', cancelUrl: '/dashboard/settings?plan=cancelled' } },
    ]);
    expect(leaveFor).toHaveBeenCalledWith('https://pay.test/checkout/abc');
  });

  it('shows an active plan with its price, renewal and card, and manages it in the portal', async () => {
    newCreatorAnswers();
    answers['billing.creatorPlan'] = () => ({ plan: aPlan() });
    answers['billing.manageCreatorPlan'] = () => ({
      portalUrl: 'https://pay.test/portal/xyz',
      subscriptionId: 'plan-1',
    });
    open();
    const plan = within(await planSection());
    expect(await plan.findByText('Creator plan · $19.00 a month')).toBeTruthy();
    expect(plan.getByText('Renews on Dec 1, 2026.')).toBeTruthy();
    expect(plan.getByText('Paid with Visa ending 4242.')).toBeTruthy();
    await userEvent.setup().click(plan.getByRole('button', { name: 'Manage plan' }));
    expect(callsOf('billing.manageCreatorPlan')).toEqual([{ body: { returnUrl: '/dashboard/settings' } }]);
    expect(leaveFor).toHaveBeenCalledWith('https://pay.test/portal/xyz');
  });

  it("an unpaid plan offers 'Finish checkout' for that same plan", async () => {
    newCreatorAnswers();
    answers['billing.creatorPlan'] = () => ({
      plan: aPlan({ status: 'incomplete', currentPeriodEnd: undefined, card: undefined }),
    });
    answers['billing.startCreatorPlan'] = () => ({
      checkoutUrl: 'https://pay.test/checkout/again',
      subscriptionId: 'plan-1',
    });
    open();
    const plan = within(await planSection());
    expect(await plan.findByText('Your creator plan ($19.00 a month) is waiting for its first payment.')).toBeTruthy();
    await userEvent.setup().click(plan.getByRole('button', { name: 'Finish checkout' }));
    expect(callsOf('billing.startCreatorPlan')[0]).toMatchObject({ body: { subscriptionId: 'plan-1' } });
    expect(leaveFor).toHaveBeenCalledWith('https://pay.test/checkout/again');
  });

  it('shows a refusal in red and stays (a plan that exists already)', async () => {
    newCreatorAnswers();
    answers['billing.startCreatorPlan'] = () => {
      throw refusal(409, 'creator-plan-exists', 'You already have a creator plan. Manage it from your plan settings.');
    };
    open();
    const plan = within(await planSection());
    await userEvent.setup().click(await plan.findByRole('button', { name: 'Start your plan' }));
    expect((await plan.findByRole('alert')).textContent).toBe(
      'ErrorYou already have a creator plan. Manage it from your plan settings.',
    );
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('thanks the creator back from checkout', async () => {
    newCreatorAnswers();
    open('/dashboard/settings?plan=started');
    expect(await screen.findByText(PLAN_STARTED)).toBeTruthy();
    expect(callsOf('billing.creatorPlan').length).toBeGreaterThanOrEqual(1);
  });

  it('notes a cancelled checkout', async () => {
    newCreatorAnswers();
    open('/dashboard/settings?plan=cancelled');
    expect(await screen.findByText(CHECKOUT_CANCELLED)).toBeTruthy();
  });

  it('says what each state of a plan means, and offers the right way on', () => {
    const ends = planView(aPlan({ cancelAtPeriodEnd: true }));
    expect(ends.details).toEqual(['Ends on Dec 1, 2026: you cancelled its renewal.', 'Paid with Visa ending 4242.']);
    const overdue = planView(aPlan({ status: 'past_due', graceUntil: '2026-12-08T00:00:00.000Z' }));
    expect(overdue).toMatchObject({
      warning: 'Your last payment was declined. Update your card by Dec 8, 2026 to keep your plan.',
      action: 'manage',
    });
    expect(planView(aPlan({ status: 'cancelled', endedAt: '2026-12-01T00:00:00.000Z' }))).toMatchObject({
      summary: 'Your plan ended on Dec 1, 2026.',
      action: 'restart',
    });
    expect(planView(aPlan({ status: 'lapsed', endedAt: '2026-12-08T00:00:00.000Z' }))).toMatchObject({
      summary: 'Your plan lapsed on Dec 8, 2026: its payment did not go through.',
      action: 'restart',
    });
    expect(planView(null)).toMatchObject({ summary: NO_PLAN, action: 'start' });
  });

  it("shows a past-due plan's warning on the page", async () => {
    newCreatorAnswers();
    answers['billing.creatorPlan'] = () => ({
      plan: aPlan({ status: 'past_due', graceUntil: '2026-12-08T00:00:00.000Z' }),
    });
    open();
    const plan = within(await planSection());
    expect(
      await plan.findByText('Your last payment was declined. Update your card by Dec 8, 2026 to keep your plan.'),
    ).toBeTruthy();
    expect(plan.getByRole('button', { name: 'Manage plan' })).toBeTruthy();
  });
});

describe('verification', () => {
  it('says a verified club is verified, and offers no request', async () => {
    newCreatorAnswers(aProfile({ verified: true }));
    open();
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request verification' })).toBeNull();
  });

  it('asks with the links and note, then shows the request as pending', async () => {
    newCreatorAnswers();
    answers['creator.requestVerification'] = () => ({
      id: 'v1',
      userId: 'cara-1',
      status: 'pending',
      links: ['https://instagram.com/cara'],
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(VERIFY_PITCH)).toBeTruthy();
    await user.type(screen.getByLabelText('Where are you known? (optional)'), ' https://instagram.com/cara \n\n');
    await user.type(screen.getByLabelText('A note for our team (optional)'), '  Same handle everywhere. ');
    await user.click(screen.getByRole('button', { name: 'Request verification' }));
    const verification = within(section('Verification'));
    expect(await verification.findByText('Pending')).toBeTruthy();
    expect(verification.getByText(/Your request of Nov 20, 2026 is waiting for our team’s review\./)).toBeTruthy();
    expect(callsOf('creator.requestVerification')).toEqual([
      { body: { links: ['https://instagram.com/cara'], note: 'Same handle everywhere.' } },
    ]);
    expect(verification.queryByRole('button', { name: 'Request verification' })).toBeNull();
  });

  it('sends an empty body when nothing is added', async () => {
    newCreatorAnswers();
    answers['creator.requestVerification'] = () => ({
      id: 'v1',
      userId: 'cara-1',
      status: 'pending',
      links: [],
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request verification' }));
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(callsOf('creator.requestVerification')).toEqual([{ body: {} }]);
  });

  it('checks the links and the note before asking', async () => {
    newCreatorAnswers();
    const user = userEvent.setup();
    open();
    const links = await screen.findByLabelText('Where are you known? (optional)');
    await user.type(links, 'instagram.com/cara');
    expect(screen.getByText(LINK_RULE)).toBeTruthy();
    await user.clear(links);
    await user.type(links, 'ftp://files.test/me');
    expect(screen.getByText(LINK_RULE)).toBeTruthy();
    await user.clear(links);
    const six = Array.from({ length: 6 }, (_, i) => `https://site${i}.test`).join('\n');
    await user.click(links);
    await user.paste(six);
    expect(screen.getByText(TOO_MANY_LINKS)).toBeTruthy();
    await user.clear(links);
    await user.click(screen.getByLabelText('A note for our team (optional)'));
    await user.paste('x'.repeat(1001));
    expect(screen.getByText(NOTE_TOO_LONG)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request verification' }));
    expect(callsOf('creator.requestVerification')).toHaveLength(0);
  });

  it("reads each state from the profile's latest request, and an already verified club refreshes the profile", async () => {
    const requestedAt = '2026-11-20T09:00:00.000Z';
    const decidedAt = '2026-11-21T09:00:00.000Z';
    const reason = 'We could not open your links.';
    expect(
      verificationState(aProfile({ verification: { status: 'refused', reason, requestedAt, decidedAt } })),
    ).toEqual({ kind: 'refused', reason });
    expect(verificationState(aProfile({ verification: { status: 'refused', requestedAt, decidedAt } }))).toEqual({
      kind: 'refused',
    });
    expect(verificationState(aProfile({ verification: { status: 'pending', requestedAt } }))).toEqual({
      kind: 'pending',
      since: requestedAt,
    });
    expect(verificationState(aProfile({ verification: { status: 'approved', requestedAt, decidedAt } }))).toEqual({
      kind: 'verified',
    });
    expect(verificationState(aProfile({ verified: true }))).toEqual({ kind: 'verified' });
    expect(verificationState(aProfile())).toEqual({ kind: 'none' });

    newCreatorAnswers();
    answers['creator.requestVerification'] = () => {
      throw refusal(409, 'already-verified', 'Your club is already verified.');
    };
    open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request verification' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorYour club is already verified.');
    expect(callsOf('creator.readProfile').length).toBe(2);
  });

  it('shows a refused request with its reason and the form to ask again', async () => {
    newCreatorAnswers();
    answers['creator.requestVerification'] = () => ({
      id: 'v2',
      userId: 'cara-1',
      status: 'refused',
      reason: 'We could not open your links.',
      links: [],
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request verification' }));
    expect(
      await screen.findByText('Your last request was refused: We could not open your links. You can ask again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request verification' })).toBeTruthy();
  });
});

describe('verification after a reload (from the profile alone)', () => {
  const requestedAt = '2026-11-20T09:00:00.000Z';
  const decidedAt = '2026-11-22T15:00:00.000Z';

  it('shows a pending request with its day, and offers no second request', async () => {
    newCreatorAnswers(aProfile({ verification: { status: 'pending', requestedAt } }));
    open();
    const verification = within(await screen.findByRole('region', { name: 'Verification' }));
    expect(verification.getByText('Pending')).toBeTruthy();
    expect(verification.getByText(/Your request of Nov 20, 2026 is waiting for our team’s review\./)).toBeTruthy();
    expect(verification.queryByRole('button', { name: 'Request verification' })).toBeNull();
    expect(verification.queryByText(VERIFY_PITCH)).toBeNull();
    expect(callsOf('creator.requestVerification')).toHaveLength(0);
  });

  it("shows a refused request with the staff's reason, and the form to ask again", async () => {
    newCreatorAnswers(
      aProfile({
        verification: { status: 'refused', reason: 'Please link a channel in your name', requestedAt, decidedAt },
      }),
    );
    open();
    const verification = within(await screen.findByRole('region', { name: 'Verification' }));
    expect(
      verification.getByText('Your last request was refused: Please link a channel in your name. You can ask again.'),
    ).toBeTruthy();
    expect(verification.queryByText('Pending')).toBeNull();
    expect(verification.getByText(VERIFY_PITCH)).toBeTruthy();
    expect(verification.getByRole('button', { name: 'Request verification' })).toBeTruthy();
  });

  it('says a refusal without a reason plainly', async () => {
    newCreatorAnswers(aProfile({ verification: { status: 'refused', requestedAt, decidedAt } }));
    open();
    expect(await screen.findByText('Your last request was refused. You can ask again.')).toBeTruthy();
  });

  it('shows an approved request as verified, with no form', async () => {
    newCreatorAnswers(aProfile({ verified: true, verification: { status: 'approved', requestedAt, decidedAt } }));
    open();
    const verification = within(await screen.findByRole('region', { name: 'Verification' }));
    expect(verification.getByText(VERIFIED)).toBeTruthy();
    expect(verification.queryByText(/refused/)).toBeNull();
    expect(verification.queryByRole('button', { name: 'Request verification' })).toBeNull();
  });

  it('without any request offers the form and says nothing of a request', async () => {
    newCreatorAnswers(aProfile());
    open();
    const verification = within(await screen.findByRole('region', { name: 'Verification' }));
    expect(verification.getByText(VERIFY_PITCH)).toBeTruthy();
    expect(verification.queryByText('Pending')).toBeNull();
    expect(verification.queryByText(/refused/)).toBeNull();
    expect(verification.queryByText(VERIFIED)).toBeNull();
  });

  it('puts a new request on the profile: asking again after a refusal shows it pending', async () => {
    newCreatorAnswers(aProfile({ verification: { status: 'refused', reason: 'Not yet.', requestedAt, decidedAt } }));
    answers['creator.requestVerification'] = () => ({
      id: 'v2',
      userId: 'cara-1',
      status: 'pending',
      links: [],
      createdAt: '2026-11-25T09:00:00.000Z',
    });
    open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request verification' }));
    const verification = within(section('Verification'));
    expect(await verification.findByText(/Your request of Nov 25, 2026 is waiting/)).toBeTruthy();
    expect(verification.queryByText(/refused/)).toBeNull();
    expect(callsOf('creator.readProfile')).toHaveLength(1);
  });
});
