// /dashboard/stays: the drafts Taylor saved and the creator has not used or put aside yet, newest first, each a
// card with its next step. Nothing here publishes: a recommendation opens the stay editor filled in, a package
// the package builder, a post is copied to be shared by hand.
import { useQueryClient } from '@tanstack/react-query';
import type { Draft } from '@travelclub/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { copyText } from '~/dashboard/copy-link';
import { LoadError, Loading } from '~/dashboard/status';
import { LiveRegion, useAnnouncer } from '~/stays/announcer';
import { Callout } from '~/ui/callout';
import { CHAT } from './conversation-list';
import { DraftCard } from './draft-card';
import { setDraftStatus, useDrafts } from './queries';

const MANAGE_STAYS = '/dashboard/manage-stays';
export const DRAFTS_TITLE = 'Drafts from Taylor';
export const MANAGE_STAYS_LINK = 'Manage your recommended stays';
export const NO_DRAFTS = 'No drafts from Taylor right now';
export const COPIED = 'Text copied';
export const COPY_FAILED = 'Could not copy. Select the text and copy it yourself.';

function NoDrafts() {
  return (
    <div className="stack draft-empty">
      <h2>{NO_DRAFTS}</h2>
      <p>
        Ask Taylor to draft a recommendation, a package or a post for your followers. Each draft waits here until you
        publish it or put it aside.
      </p>
      <p>
        <Link to={CHAT}>Chat with Taylor</Link>
      </p>
    </div>
  );
}

/** After a card goes, the keyboard goes to the list (or the heading when none is left), not to the page's top. */
function useRefocus() {
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    (list.current ?? heading.current)?.focus();
  }, [pending]);
  return { list, heading, refocus: () => setPending(true) };
}

function useDraftActions(announce: (text: string) => void, onDismissed: () => void) {
  const queryClient = useQueryClient();
  const [dismissing, setDismissing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function dismiss(draft: Draft) {
    setProblem(null);
    setDismissing(draft.id);
    try {
      await setDraftStatus(queryClient, draft.id, 'dismissed');
      announce(`“${draft.title}” dismissed.`);
      onDismissed();
    } catch (err) {
      setProblem(`“${draft.title}” could not be dismissed: ${messageOf(err)}`);
    } finally {
      setDismissing(null);
    }
  }
  async function copy(draft: Draft) {
    const copied = await copyText(draft.text);
    if (copied) announce(COPIED);
    setProblem(copied ? null : COPY_FAILED);
  }
  return { dismissing, problem, dismiss, copy };
}

export function DraftsPage() {
  const drafts = useDrafts();
  const { message, announce } = useAnnouncer();
  const focus = useRefocus();
  const actions = useDraftActions(announce, focus.refocus);
  let body;
  if (drafts.isError) body = <LoadError error={drafts.error} retry={() => void drafts.refetch()} />;
  else if (!drafts.data) body = <Loading text="Loading your drafts…" />;
  else if (drafts.data.length === 0) body = <NoDrafts />;
  else
    body = (
      <ul ref={focus.list} className="draft-list" aria-label="Your drafts" tabIndex={-1}>
        {[...drafts.data]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((draft) => (
            <DraftCard
              key={draft.id}
              draft={draft}
              dismissing={actions.dismissing === draft.id}
              onDismiss={() => void actions.dismiss(draft)}
              onCopy={() => void actions.copy(draft)}
            />
          ))}
      </ul>
    );
  return (
    <div className="stack drafts-page">
      <h1 ref={focus.heading} tabIndex={-1}>
        {DRAFTS_TITLE}
      </h1>
      <p className="muted">
        What Taylor drafted for you in your chats. Nothing here is on your club until you review and publish it.
      </p>
      <p className="dash-actions">
        <Link to={MANAGE_STAYS}>{MANAGE_STAYS_LINK}</Link>
        <Link to={CHAT}>Chat with Taylor</Link>
      </p>
      {actions.problem ? <Callout tone="error">{actions.problem}</Callout> : null}
      {body}
      <LiveRegion message={message} />
    </div>
  );
}
