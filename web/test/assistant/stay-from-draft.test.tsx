// A stay recommended from Taylor's draft (/dashboard/stays/add?draft=<id>): the draft's hotel picked and its text
// written in the stay form; once the stay is published the draft is marked used. A draft that cannot be read,
// or is not a recommendation, leaves the form as it always is.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aDraft, answers, browserApi, callsOf, refusal, renderAssistant, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const draft = aDraft();

beforeEach(() => {
  resetApi();
  answers['creator.myRecommendations'] = () => ({ recommendations: [] });
  answers['assistant.readDraft'] = () => draft;
  answers['assistant.setDraftStatus'] = ({ body }: { body: { status: string } }) => ({ ...draft, status: body.status });
  answers['creator.recommendHotel'] = ({ params }: { params: { id: string } }) => ({
    id: 'rec-9',
    hotelId: params.id,
    userId: 'creator-1',
    recommendationTitle: 'River mornings',
    recommendationText: draft.text,
    images: [],
    isActive: true,
    position: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
});

const hotelBox = () => screen.getByRole('combobox', { name: 'Hotel' });
const text = () => screen.getByRole('textbox', { name: 'Why you recommend it' });

describe('a stay from a draft', () => {
  it('starts with the draft’s hotel and text, and marks the draft used once published', async () => {
    const user = userEvent.setup();
    renderAssistant(`/dashboard/stays/add?draft=${draft.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommend a stay' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Taylor drafted this for you. Check the words, give it a title and your photos, then recommend it.',
      ),
    ).toBeTruthy();
    expect(callsOf('assistant.readDraft')).toEqual([{ params: { id: draft.id } }]);
    expect(hotelBox()).toHaveProperty('value', 'Hotel Aurora');
    expect(text()).toHaveProperty('value', draft.text);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', '');

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'River mornings');
    await user.click(screen.getByRole('button', { name: 'Recommend this stay' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard/manage-stays');
    const [sent] = browserApi.upload.mock.calls;
    expect(sent![1]).toEqual({ params: { id: 'h9' } });
    expect(Object.fromEntries(sent![2].entries())).toEqual({
      title: 'River mornings',
      text: draft.text,
    });
    await waitFor(() =>
      expect(callsOf('assistant.setDraftStatus')).toEqual([{ params: { id: draft.id }, body: { status: 'used' } }]),
    );
  });

  it('does not mark the draft used when the stay is not saved', async () => {
    answers['creator.recommendHotel'] = () => {
      throw refusal(404, 'hotel-not-found', 'Hotel not found');
    };
    const user = userEvent.setup();
    renderAssistant(`/dashboard/stays/add?draft=${draft.id}`);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'River mornings');
    await user.click(screen.getByRole('button', { name: 'Recommend this stay' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Hotel not found');
    expect(callsOf('assistant.setDraftStatus')).toEqual([]);
  });

  it('leaves the form empty, and says why, when the draft cannot be read', async () => {
    answers['assistant.readDraft'] = () => {
      throw refusal(404, 'draft-not-found', 'Draft not found');
    };
    renderAssistant(`/dashboard/stays/add?draft=${draft.id}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorDraft not found. You can still recommend a stay below, or go back to your drafts.',
    );
    expect(hotelBox()).toHaveProperty('value', '');
    expect(text()).toHaveProperty('value', '');
    expect(screen.getByRole('link', { name: 'your drafts' }).getAttribute('href')).toBe('/dashboard/stays');
  });

  it('leaves the form empty for a draft that is not a recommendation', async () => {
    answers['assistant.readDraft'] = () => aDraft({ kind: 'post', hotel: undefined, title: 'A post' });
    renderAssistant(`/dashboard/stays/add?draft=${draft.id}`);
    expect(
      await screen.findByText('This draft is not a recommendation of a stay. You can recommend one below.'),
    ).toBeTruthy();
    expect(hotelBox()).toHaveProperty('value', '');
    expect(text()).toHaveProperty('value', '');
  });
});
