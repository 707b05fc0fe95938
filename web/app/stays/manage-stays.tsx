// The creator's recommended stays (/dashboard/manage-stays): in their club's order, each switched on or off,
// moved up or down (saved at once, told to screen readers, the keyboard staying on the moved stay), edited, or
// deleted with a few seconds to undo. An empty list says how to start.
import type { RecommendationView } from '@travelclub/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { messageOf } from '~/lib/api-errors';
import { useMyRecommendations } from '~/dashboard/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { LiveRegion, useAnnouncer } from './announcer';
import { controlKey, StayRow, type RowControl } from './stay-row';
import { UndoToasts } from './undo-toasts';
import { usePendingDeletes, type PendingDelete } from './use-pending-deletes';
import { useStayActions } from './use-stay-actions';
import { useStayOrder } from './use-stay-order';
import type { SavedNote } from './use-stay-form';

export const ADD_STAY = '/dashboard/stays/add';
/** Recommendations Taylor drafted wait there for review. */
export const TAYLOR_DRAFTS = '/dashboard/stays';

/** The API's message and, for a validation refusal, what exactly it found wrong. */
function withDetails(err: unknown): string {
  const details = (err as { details?: { message: string }[] } | null)?.details ?? [];
  return [messageOf(err), ...details.map((detail) => detail.message)].join(' ');
}

function savedText(note: SavedNote | null): string | null {
  if (!note?.saved) return null;
  const title = `“${note.saved.title}”`;
  return note.saved.created ? `${title} is now recommended on your club.` : `Your changes to ${title} are saved.`;
}

function EmptyStays() {
  return (
    <div className="stack stay-empty">
      <h2>No recommended stays yet</h2>
      <p>
        Recommend a hotel you know and love: find it in the catalog, say in a few words why, and add your photos. It
        shows on your club straight away, and your followers can book it from there.
      </p>
      <LinkButton to={ADD_STAY}>Recommend your first stay</LinkButton>
    </div>
  );
}

function HeadActions() {
  return (
    <div className="dash-actions">
      <Link to={TAYLOR_DRAFTS}>Drafts from Taylor</Link>
      <LinkButton to={ADD_STAY}>Add a stay</LinkButton>
    </div>
  );
}

/** Puts the keyboard on a row's button (or the list) once the list has re-rendered after a change. */
function useRowFocus(order: readonly string[]) {
  const list = useRef<HTMLOListElement>(null);
  const [target, setTarget] = useState<{ hotelId: string; controls: RowControl[] } | 'list' | null>(null);
  useEffect(() => {
    if (!target) return;
    setTarget(null);
    if (target === 'list') return void list.current?.focus();
    const button = target.controls
      .map((control) =>
        list.current?.querySelector<HTMLButtonElement>(`[data-control="${controlKey(target.hotelId, control)}"]`),
      )
      .find((el) => el && !el.disabled);
    button?.focus();
  }, [target, order]);
  return { list, focus: setTarget };
}

export function ManageStays() {
  const stays = useMyRecommendations();
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const { message, announce } = useAnnouncer();
  const actions = useStayActions({ announce, problem: setProblem });
  const ordering = useStayOrder(stays.data, (err) =>
    setProblem(`Your new order could not be saved: ${withDetails(err)}`),
  );
  const deletes = usePendingDeletes((item) => void actions.withdraw(item));
  const [toastFocus, setToastFocus] = useState<string | null>(null);
  const focus = useRowFocus(ordering.order);

  if (stays.isError) return <LoadError error={stays.error} retry={() => void stays.refetch()} />;
  if (!stays.data) return <Loading text="Loading your stays…" />;

  const byId = new Map(stays.data.map((s) => [s.hotelId, s]));
  const hidden = new Set(deletes.pending.map((p) => p.hotelId));
  const visible = ordering.order.filter((id) => byId.has(id) && !hidden.has(id));
  const saved = savedText(location.state as SavedNote | null);

  function move(stay: RecommendationView, by: -1 | 1) {
    if (!ordering.move(stay.hotelId, by, visible)) return;
    const place = visible.indexOf(stay.hotelId) + by + 1;
    announce(`“${stay.recommendationTitle}” moved ${by < 0 ? 'up' : 'down'}, to place ${place} of ${visible.length}.`);
    focus.focus({ hotelId: stay.hotelId, controls: by < 0 ? ['up', 'down'] : ['down', 'up'] });
  }
  function remove(stay: RecommendationView, byKeyboard: boolean) {
    setProblem(null);
    deletes.remove({ hotelId: stay.hotelId, title: stay.recommendationTitle });
    setToastFocus(byKeyboard ? stay.hotelId : null);
  }
  function undo(item: PendingDelete) {
    if (!deletes.undo(item.hotelId)) return;
    announce(`“${item.title}” is back in your list.`);
    focus.focus({ hotelId: item.hotelId, controls: ['delete'] });
  }

  return (
    <div className="stack manage-stays">
      <div className="manage-stays-head">
        <p className="muted">Your club shows the stays switched on, in this order.</p>
        <HeadActions />
      </div>
      {saved ? <Callout tone="success">{saved}</Callout> : null}
      {problem ? <Callout tone="error">{problem}</Callout> : null}
      {visible.length === 0 ? (
        <EmptyStays />
      ) : (
        <ol ref={focus.list} className="stay-list" aria-label="Your recommended stays" tabIndex={-1}>
          {visible.map((id, index) => (
            <StayRow
              key={id}
              stay={byId.get(id)!}
              isFirst={index === 0}
              isLast={index === visible.length - 1}
              onToggle={(isActive) => void actions.toggle(byId.get(id)!, isActive)}
              onMove={(by) => move(byId.get(id)!, by)}
              onDelete={(byKeyboard) => remove(byId.get(id)!, byKeyboard)}
            />
          ))}
        </ol>
      )}
      <UndoToasts
        pending={deletes.pending}
        focusOn={toastFocus}
        onUndo={undo}
        onDismiss={(item) => {
          deletes.now(item.hotelId);
          focus.focus('list');
        }}
        onPause={deletes.pause}
        onResume={deletes.resume}
      />
      <LiveRegion message={message} />
    </div>
  );
}
