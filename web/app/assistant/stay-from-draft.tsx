// A new stay started from a recommendation Taylor drafted (/dashboard/stays/add?draft=<id>): the draft's hotel
// picked and its text written in the stay form, for the creator to change, title and publish. Once published,
// the draft is marked used and leaves the drafts page. A draft that cannot be read leaves the form empty.
import { useQueryClient } from '@tanstack/react-query';
import type { Draft, RecommendationView } from '@travelclub/contracts';
import { Link } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { Loading } from '~/dashboard/status';
import { StayForm } from '~/stays/stay-form';
import { Callout } from '~/ui/callout';
import { setDraftStatus, useDraft } from './queries';

export const FROM_DRAFT =
  'Taylor drafted this for you. Check the words, give it a title and your photos, then recommend it.';
export const NOT_A_RECOMMENDATION = 'This draft is not a recommendation of a stay. You can recommend one below.';
export const ALREADY_USED = 'You already published from this draft. Publishing again replaces that recommendation.';

/** The hotel and words a recommendation draft starts the form with; null for any other draft. */
export function startOf(draft: Draft) {
  if (draft.kind !== 'recommendation' || !draft.hotel) return null;
  const { id, name } = draft.hotel;
  return { hotel: { id, name, label: name }, text: draft.text };
}

export function StayFromDraft({ draftId, recommended }: { draftId: string; recommended?: RecommendationView[] }) {
  const queryClient = useQueryClient();
  const draft = useDraft(draftId);
  if (draft.isError)
    return (
      <div className="stack">
        <Callout tone="error">
          {messageOf(draft.error).replace(/\.$/, '')}. You can still recommend a stay below, or go back to{' '}
          <Link to="/dashboard/stays">your drafts</Link>.
        </Callout>
        <StayForm recommended={recommended} />
      </div>
    );
  if (!draft.data) return <Loading text="Loading Taylor’s draft…" />;
  const start = startOf(draft.data);
  if (!start)
    return (
      <div className="stack">
        <Callout tone="info">{NOT_A_RECOMMENDATION}</Callout>
        <StayForm recommended={recommended} />
      </div>
    );
  const isOpen = draft.data.status === 'open';
  // Marking the draft used may fail (a moment offline): the stay is saved all the same, and the draft stays
  // on the drafts page to dismiss by hand.
  const markUsed = () =>
    void setDraftStatus(queryClient, draftId, 'used').catch((err: unknown) =>
      console.warn(`The draft ${draftId} could not be marked used`, err),
    );
  return (
    <div className="stack">
      <Callout tone="info">{isOpen ? FROM_DRAFT : ALREADY_USED}</Callout>
      <StayForm key={draft.data.id} start={start} onSaved={isOpen ? markUsed : undefined} recommended={recommended} />
    </div>
  );
}
