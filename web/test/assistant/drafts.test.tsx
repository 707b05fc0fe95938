// Taylor's drafts (/dashboard/stays): each open draft a card with its next step (review and publish a
// recommendation, build a package, copy a post) and a way to dismiss it; an empty page says how drafts come.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aDraft, answers, callsOf, refusal, renderAssistant, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const recommendation = aDraft({ createdAt: '2026-11-20T12:00:00.000Z' });
const outline = aDraft({
  id: '0b7e5a3c-8d7e-4c1e-9f43-5a0a3f6c2b02',
  kind: 'package',
  title: 'Lisbon and Sintra in four nights',
  text: 'City first, then the hills.\n\n- Hotel Aurora: Fri, May 14 – Mon, May 17\n- Quinta Verde: Mon, May 17 – Tue, May 18',
  hotel: undefined,
  stays: [
    {
      hotelId: 'h9',
      hotelName: 'Hotel Aurora',
      hotelSlug: 'hotel-aurora',
      checkIn: '2027-05-14',
      checkOut: '2027-05-17',
    },
    {
      hotelId: 'h3',
      hotelName: 'Quinta Verde',
      hotelSlug: 'quinta-verde',
      checkIn: '2027-05-17',
      checkOut: '2027-05-18',
    },
  ],
  guests: 2,
  createdAt: '2026-11-20T11:00:00.000Z',
});
const post = aDraft({
  id: '0b7e5a3c-8d7e-4c1e-9f43-5a0a3f6c2b03',
  kind: 'post',
  title: 'A post for your followers',
  text: 'Four nights, two towns, one very good breakfast. Link in bio!',
  hotel: undefined,
  createdAt: '2026-11-20T10:00:00.000Z',
});

let stored: Draft[] = [];
beforeEach(() => {
  resetApi();
  stored = [post, recommendation, outline];
  answers['assistant.listDrafts'] = () => ({ drafts: stored });
  answers['assistant.setDraftStatus'] = ({ params, body }: { params: { id: string }; body: { status: string } }) => {
    const draft = stored.find((d) => d.id === params.id)!;
    stored = stored.filter((d) => d.id !== params.id);
    return { ...draft, status: body.status };
  };
});

async function openDrafts() {
  const user = userEvent.setup();
  renderAssistant('/dashboard/stays');
  await screen.findByRole('heading', { level: 1, name: 'Drafts from Taylor' });
  const list = await screen.findByRole('list', { name: 'Your drafts' });
  return { user, list };
}

const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('li')!;

describe('the drafts', () => {
  it('shows each open draft, newest first, with its kind, words and next step', async () => {
    const { list } = await openDrafts();
    expect(callsOf('assistant.listDrafts')).toEqual([{ query: { status: 'open' } }]);
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Hotel Aurora', 'Lisbon and Sintra in four nights', 'A post for your followers']);
    const rec = card('Hotel Aurora');
    expect(within(rec).getByText('Recommendation')).toBeTruthy();
    expect(within(rec).getByText(recommendation.text)).toBeTruthy();
    expect(within(rec).getByRole('link', { name: 'Hotel Aurora' }).getAttribute('href')).toBe('/hotel/hotel-aurora');
    expect(within(rec).getByRole('link', { name: 'Review and publish “Hotel Aurora”' }).getAttribute('href')).toBe(
      `/dashboard/stays/add?draft=${recommendation.id}`,
    );

    const pkg = card('Lisbon and Sintra in four nights');
    expect(within(pkg).getByText('Package outline')).toBeTruthy();
    expect(within(pkg).getByText('City first, then the hills.')).toBeTruthy();
    expect(within(pkg).getByRole('heading', { level: 3, name: 'Stays, for 2 guests' })).toBeTruthy();
    const stays = within(pkg)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(stays).toEqual([
      'Hotel Aurora Fri, May 14 – Mon, May 17 · 3 nights',
      'Quinta Verde Mon, May 17 – Tue, May 18 · 1 night',
    ]);
    expect(
      within(pkg)
        .getByRole('link', { name: 'Build this package: “Lisbon and Sintra in four nights”' })
        .getAttribute('href'),
    ).toBe('/dashboard/experiences/add');

    const text = card('A post for your followers');
    expect(within(text).getByText('Post')).toBeTruthy();
    expect(within(text).getByRole('button', { name: 'Copy text of “A post for your followers”' })).toBeTruthy();
    expect(within(text).queryByRole('link', { name: /Review and publish/ })).toBeNull();

    expect(screen.getByRole('link', { name: 'Manage your recommended stays' }).getAttribute('href')).toBe(
      '/dashboard/manage-stays',
    );
  });

  it('dismisses a draft: the service is told and the card goes', async () => {
    const { user } = await openDrafts();
    await user.click(screen.getByRole('button', { name: 'Dismiss “Lisbon and Sintra in four nights”' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Lisbon and Sintra in four nights' })).toBeNull(),
    );
    expect(callsOf('assistant.setDraftStatus')).toEqual([
      { params: { id: outline.id }, body: { status: 'dismissed' } },
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Hotel Aurora' })).toBeTruthy();
    expect(screen.getByText('“Lisbon and Sintra in four nights” dismissed.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Your drafts' }));
  });

  it('keeps the card and says why when the dismissal is refused', async () => {
    answers['assistant.setDraftStatus'] = () => {
      throw refusal(404, 'draft-not-found', 'Draft not found');
    };
    const { user } = await openDrafts();
    await user.click(screen.getByRole('button', { name: 'Dismiss “Hotel Aurora”' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error“Hotel Aurora” could not be dismissed: Draft not found',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Hotel Aurora' })).toBeTruthy();
  });

  it('copies a post’s text', async () => {
    const { user } = await openDrafts();
    await user.click(screen.getByRole('button', { name: 'Copy text of “A post for your followers”' }));
    expect(await screen.findByText('Text copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(post.text);
  });

  it('says how drafts come when there are none', async () => {
    stored = [];
    renderAssistant('/dashboard/stays');
    expect(await screen.findByRole('heading', { level: 2, name: 'No drafts from Taylor right now' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Chat with Taylor' })[0]!.getAttribute('href')).toBe('/dashboard/chat');
  });
});
