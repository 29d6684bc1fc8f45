import { dequal } from 'dequal/lite';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { usePrefetched } from './prefetched.ts';

export type AsyncState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: unknown };

/**
 * Runs a one-shot worker request for the given key and keeps the last data while the next key loads, so a listing
 * does not jump while filters change. Stale answers for an older key are dropped. On a server-rendered page it starts
 * from the answer the server rendered with (src/lib/prefetched.ts), and the worker's answer then replaces it; when the
 * worker fails, that answer stays.
 */
export function useAsync<T>(key: string | null, run: () => Promise<T>): AsyncState<T> & { reload: () => void } {
  const [nonce, setNonce] = useState(0);
  const prefetched = usePrefetched<T>(key);
  const [state, setState] = useState<AsyncState<T> & { key: string | null }>(() =>
    prefetched === undefined ? { status: 'loading', key } : { status: 'success', data: prefetched, key },
  );
  useEffect(() => {
    if (key === null) return;
    let current = true;
    // What is shown for this key already (the server's answer, or a loader) stays, without a render, while the worker
    // is asked: a server-rendered page neither flashes a loader nor redraws between its hydration and that answer.
    setState((s) => (s.key === key && s.status !== 'error' ? s : { status: 'loading', data: s.data, key }));
    // An answer is rendered as a transition: a listing of tiles replacing the server's is rendered in slices that
    // leave the main thread free for a tap between them. An answer equal to what is shown keeps its state, so React
    // renders nothing: the worker's first answers on a server-rendered page are most often the server's own, and each
    // render of them was a product page's whole tree again while the shopper's first taps wait.
    run().then(
      (data) =>
        current &&
        startTransition(() =>
          setState((s) =>
            s.key === key && s.status === 'success' && dequal(s.data, data) ? s : { status: 'success', data, key },
          ),
        ),
      (error: unknown) =>
        // A page the server rendered (or the service worker kept) shows what it was rendered with when the worker
        // cannot answer: offline it may never have stored what the first paint showed.
        current &&
        startTransition(() =>
          setState(
            prefetched === undefined ? { status: 'error', error, key } : { status: 'success', data: prefetched, key },
          ),
        ),
    );
    return () => {
      current = false;
    };
    // `run` closes over the same inputs `key` names.
  }, [key, nonce]);
  // Until the effect has asked for a new key, what the state holds is the old key's answer: it is shown, but as
  // loading, never as the answer to the key now asked for (a listing re-sorted in the URL is not sorted yet). A null
  // key asks nothing: the last answer stays as it was (a picker closing keeps its list until it is gone).
  const shown: AsyncState<T> = state.key === key || key === null ? state : { status: 'loading', data: state.data };
  // A failed answer turns into loading in the same render as the reload asks again, so a page retrying never shows
  // its failure for a frame in between; an answer that was fine stays shown until the new one replaces it.
  const reload = useCallback(() => {
    setState((s) => (s.status === 'error' ? { status: 'loading', data: s.data, key: s.key } : s));
    setNonce((n) => n + 1);
  }, []);
  return { ...shown, reload };
}
