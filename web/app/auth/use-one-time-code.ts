// Mailed and provider codes work once: a page that uses one must call the service once per code, even when
// React runs its effects twice (development) or the page renders again. The call is made in the browser
// after hydration, never by a loader, so a mail scanner fetching the link cannot use the code up.
import { useEffect, useState } from 'react';
import { errorText } from './errors';

export type CodeState<T> = { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: string };

const calls = new Map<string, Promise<unknown>>();

/** Runs `use(code)` once per `key` in this page's life; null `key`: nothing to run (`missing` is shown). */
export function useOneTimeCode<T>(key: string | null, use: () => Promise<T>, missing: string): CodeState<T> {
  const [state, setState] = useState<CodeState<T>>(key ? { status: 'pending' } : { status: 'failed', error: missing });
  useEffect(() => {
    if (!key) return;
    let live = true;
    let call = calls.get(key) as Promise<T> | undefined;
    if (!call) calls.set(key, (call = use()));
    call.then(
      (value) => live && setState({ status: 'done', value }),
      (err: unknown) => live && setState({ status: 'failed', error: errorText(err) }),
    );
    return () => {
      live = false;
    };
    // `use` is a new function on every render; the key alone says which call this is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
