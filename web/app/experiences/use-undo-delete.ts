// Delete with undo: the row goes at once and an "Undo" toast stays for a few seconds; only when the time runs
// out (or the creator leaves the page, or the tab) is the DELETE sent. Undo cancels it: nothing was sent. A
// DELETE the API refuses brings the row back with the reason.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '~/lib/api-errors';

export const UNDO_MS = 6_000;

export interface Deletion {
  id: string;
  kind: 'package' | 'guide';
  title: string;
}

interface Waiting {
  deletion: Deletion;
  timer: ReturnType<typeof setTimeout>;
}

export function useUndoableDeletes(
  send: (deletion: Deletion) => Promise<void>,
  {
    delayMs = UNDO_MS,
    onSettled,
  }: { delayMs?: number; onSettled?: (deletion: Deletion, undone: boolean) => void } = {},
) {
  const [waiting, setWaiting] = useState<Deletion[]>([]);
  /** Deletes sent: their rows stay away while the list catches up. */
  const [sent, setSent] = useState<string[]>([]);
  const [failed, setFailed] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, Waiting>());
  const latest = useRef({ send, onSettled });
  latest.current = { send, onSettled };

  const settle = useCallback((id: string, undone: boolean) => {
    const entry = timers.current.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    timers.current.delete(id);
    setWaiting((all) => all.filter((d) => d.id !== id));
    latest.current.onSettled?.(entry.deletion, undone);
    if (undone) return;
    setSent((all) => [...all, id]);
    latest.current.send(entry.deletion).catch((err: unknown) => {
      setSent((all) => all.filter((gone) => gone !== id));
      setFailed((all) => ({ ...all, [id]: `“${entry.deletion.title}” could not be deleted. ${messageOf(err)}` }));
    });
  }, []);

  const remove = useCallback(
    (deletion: Deletion) => {
      if (timers.current.has(deletion.id)) return;
      const timer = setTimeout(() => settle(deletion.id, false), delayMs);
      timers.current.set(deletion.id, { deletion, timer });
      setWaiting((all) => [...all, deletion]);
      setFailed(({ [deletion.id]: _old, ...rest }) => rest);
    },
    [delayMs, settle],
  );

  const undo = useCallback((id: string) => settle(id, true), [settle]);

  // Leaving the page, or the tab, sends what is waiting: the creator asked for it and did not undo.
  useEffect(() => {
    const flush = () => [...timers.current.keys()].forEach((id) => settle(id, false));
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [settle]);

  const isGone = (id: string) => waiting.some((d) => d.id === id) || sent.includes(id);
  return { waiting, failed, isGone, remove, undo };
}
