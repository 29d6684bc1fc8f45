import { useEffect, useSyncExternalStore } from 'react';

function subscribe(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A failed load that says only that the server could not be reached: the worker's NetworkError or
 * ProductOfflineError (their names cross comlink), or a fetch of this app that failed. The browser may still say it
 * is online (a page loaded while offline, a network that answers nothing), so a page asks its error, not
 * `navigator.onLine`, whether it missed the connection.
 */
export function isOfflineError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null | undefined)?.name;
  return name === 'NetworkError' || name === 'ProductOfflineError';
}

/**
 * A page whose load failed loads itself again when the connection returns (spec 001 §8, docs/offline-and-storage.md
 * "Offline routes"): every `online` event asks again while it is failed. The event is listened to itself, not through
 * `useOnline`, because a browser that never said it was offline still fires it.
 */
export function useReloadWhenOnline(failed: boolean, reload: () => void): void {
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [failed, reload]);
}
