import { useSyncExternalStore } from 'react';

/** A tiny observable value for shell state (notifications, panels); React reads it with useSyncExternalStore. */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value a server-rendered page was rendered with; the hydrating render reads it, whatever happened since. */
  rendered(): T;
}

/**
 * `rendered` is the value the server renders (it has no device to read); it defaults to `initial`. Hydration reads
 * it rather than the current value: a store set while the page hydrates (a notification, a value from the device)
 * would otherwise draw something the server's HTML does not hold, and React would throw the HTML away and draw the
 * whole page again.
 */
export function createStore<T>(initial: T, rendered: T = initial): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    rendered: () => rendered,
    set(next) {
      const v = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      if (Object.is(v, value)) return;
      value = v;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.rendered);
}
