// The "deleted — Undo" toasts of the manage page, one per deletion still waiting, at the bottom of the screen.
// The region is always on the page (a live region that appears with its text is not reliably read out).
import { Button } from '~/ui/button';
import type { Deletion } from './use-undo-delete';

export const deletedText = (d: Deletion) => `${d.kind === 'package' ? 'Package' : 'Guide'} “${d.title}” deleted.`;

export function UndoToasts({ waiting, onUndo }: { waiting: Deletion[]; onUndo: (id: string) => void }) {
  return (
    <div className="xp-toasts" aria-live="polite">
      {waiting.map((d) => (
        <div key={d.id} className="xp-toast" data-toast={d.id}>
          <span>{deletedText(d)}</span>
          <Button variant="quiet" aria-label={`Undo deleting “${d.title}”`} onPress={() => onUndo(d.id)}>
            Undo
          </Button>
        </div>
      ))}
    </div>
  );
}
