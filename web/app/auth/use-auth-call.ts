// One auth call at a time from a form: which one is pending (its button shows a spinner) and the callout it
// ends with, the success text it answers or the red 'Error' with the service's text.
import { useCallback, useRef, useState } from 'react';
import { errorText } from './errors';
import type { FormMessage } from './parts';

export function useAuthCall<K extends string>(initialError?: string | null) {
  const [message, setMessage] = useState<FormMessage | null>(
    initialError ? { tone: 'error', text: initialError } : null,
  );
  const [pending, setPending] = useState<K | null>(null);
  // A ref as well as state: a double click lands before the re-render that disables the button.
  const busy = useRef(false);

  /** Runs `work`; a string it answers is shown as the success text. */
  const run = useCallback(async (kind: K, work: () => Promise<string | void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(kind);
    setMessage(null);
    try {
      const success = await work();
      if (success) setMessage({ tone: 'success', text: success });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err) });
    } finally {
      busy.current = false;
      setPending(null);
    }
  }, []);

  const fail = useCallback((text: string) => setMessage({ tone: 'error', text }), []);
  return { message, pending, run, fail };
}

/** A form's auth call state, for the parts that show or start one (fields.tsx). */
export type AuthCall<K extends string> = ReturnType<typeof useAuthCall<K>>;
