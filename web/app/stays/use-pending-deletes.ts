// Delete with undo: a deleted stay leaves the list at once, but its DELETE waits UNDO_MS. Undo cancels it; the
// time running out, Escape on its note, or leaving the page sends it. The wait pauses while the creator's pointer
// or keyboard is on the note, so nobody loses a stay to the clock while reaching for Undo.
import { useEffect, useRef, useState } from 'react';

export const UNDO_MS = 6_000;
/** A resumed wait is never shorter than this: time to read the note again. */
const RESUME_MIN_MS = 2_000;

export interface PendingDelete {
  hotelId: string;
  title: string;
}

interface Waiting extends PendingDelete {
  timer: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  remaining: number;
}

export function usePendingDeletes(send: (pending: PendingDelete) => void) {
  const [pending, setPending] = useState<PendingDelete[]>([]);
  const waiting = useRef(new Map<string, Waiting>());
  const sendLatest = useRef(send);
  sendLatest.current = send;

  function drop(hotelId: string): Waiting | undefined {
    const item = waiting.current.get(hotelId);
    if (!item) return undefined;
    if (item.timer) clearTimeout(item.timer);
    waiting.current.delete(hotelId);
    setPending((list) => list.filter((p) => p.hotelId !== hotelId));
    return item;
  }

  function fire(hotelId: string) {
    const item = drop(hotelId);
    if (item) sendLatest.current({ hotelId: item.hotelId, title: item.title });
  }

  function wait(item: Waiting, ms: number) {
    item.startedAt = Date.now();
    item.remaining = ms;
    item.timer = setTimeout(() => fire(item.hotelId), ms);
  }

  // Leaving the page (another route, or the tab closing) sends every delete still waiting.
  useEffect(() => {
    const waitingNow = waiting.current;
    const sendAll = () => [...waitingNow.keys()].forEach(fire);
    window.addEventListener('pagehide', sendAll);
    return () => {
      window.removeEventListener('pagehide', sendAll);
      for (const item of waitingNow.values()) {
        if (item.timer) clearTimeout(item.timer);
        sendLatest.current({ hotelId: item.hotelId, title: item.title });
      }
      waitingNow.clear();
    };
    // Set up once: `fire` reads only refs and the state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    pending,
    remove(item: PendingDelete) {
      if (waiting.current.has(item.hotelId)) return;
      const entry: Waiting = { ...item, timer: null, startedAt: 0, remaining: UNDO_MS };
      waiting.current.set(item.hotelId, entry);
      setPending((list) => [...list, item]);
      wait(entry, UNDO_MS);
    },
    undo: (hotelId: string) => drop(hotelId) !== undefined,
    /** Sends it now (the creator dismissed the note). */
    now: fire,
    pause(hotelId: string) {
      const item = waiting.current.get(hotelId);
      if (!item?.timer) return;
      clearTimeout(item.timer);
      item.timer = null;
      item.remaining -= Date.now() - item.startedAt;
    },
    resume(hotelId: string) {
      const item = waiting.current.get(hotelId);
      if (item && !item.timer) wait(item, Math.max(item.remaining, RESUME_MIN_MS));
    },
  };
}
