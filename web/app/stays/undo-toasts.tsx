// The notes of deleted stays, each with Undo, at the foot of the screen. Read out when they appear (a polite
// live region); a stay deleted from the keyboard puts the keyboard on its Undo. While the pointer or focus is on
// a note its clock stands still; Escape there deletes at once.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Button } from '~/ui/button';
import type { PendingDelete } from './use-pending-deletes';

export interface UndoToastsProps {
  pending: PendingDelete[];
  /** The note whose Undo takes the keyboard when it appears. */
  focusOn: string | null;
  onUndo: (item: PendingDelete) => void;
  onDismiss: (item: PendingDelete) => void;
  onPause: (hotelId: string) => void;
  onResume: (hotelId: string) => void;
}

function Toast({
  item,
  focused,
  ...props
}: Omit<UndoToastsProps, 'pending' | 'focusOn'> & {
  item: PendingDelete;
  focused: boolean;
}) {
  const note = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) note.current?.querySelector('button')?.focus();
  }, [focused]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    props.onDismiss(item);
  };
  return (
    <li
      ref={note}
      className="stay-toast"
      onMouseEnter={() => props.onPause(item.hotelId)}
      onMouseLeave={() => props.onResume(item.hotelId)}
      onFocus={() => props.onPause(item.hotelId)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onResume(item.hotelId);
      }}
      onKeyDown={onKeyDown}
    >
      <span>{`“${item.title}” deleted.`}</span>
      <Button variant="secondary" aria-label={`Undo deleting “${item.title}”`} onPress={() => props.onUndo(item)}>
        Undo
      </Button>
    </li>
  );
}

export function UndoToasts({ pending, focusOn, ...props }: UndoToastsProps) {
  return (
    <div className="stay-toasts" role="status" aria-live="polite">
      {pending.length > 0 ? (
        <ul>
          {pending.map((item) => (
            <Toast key={item.hotelId} item={item} focused={item.hotelId === focusOn} {...props} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
