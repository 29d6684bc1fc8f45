import { useEffect, useSyncExternalStore } from 'react';
import type { LiveQuerySpec, LiveQueryValue } from '../../worker/api-types.ts';
import { subscribeLive } from '../../worker/client.ts';
import { createStore } from './store.ts';

/**
 * A live query many components read at once (a listing shows a wishlist heart and a compare toggle on every tile):
 * one subscription, held while any of them is mounted, instead of one per tile. The hook answers `undefined` until
 * the worker answered.
 */
export interface SharedLiveQuery<V> {
  (): V | undefined;
  /**
   * The value once the worker has answered (at once when it has): a command decided by it, tapped before the first
   * answer (the page just started), waits for it instead of being refused. Only while a component holds the query.
   */
  known(): Promise<V>;
  /** Resolves when `test` holds for the value, or after `maxMs`: a command's change is on the screen. */
  until(test: (value: V) => boolean, maxMs?: number): Promise<void>;
}

export function sharedLiveQuery<S extends LiveQuerySpec>(spec: S): SharedLiveQuery<LiveQueryValue<S>> {
  const store = createStore<LiveQueryValue<S> | undefined>(undefined);
  let users = 0;
  let release: (() => void) | null = null;
  const hold = () => {
    users += 1;
    if (!release) release = subscribeLive(spec, (value) => store.set(value as LiveQueryValue<S>));
    return () => {
      users -= 1;
      if (users > 0 || !release) return;
      release();
      release = null;
      store.set(undefined);
    };
  };
  function useSharedLiveQuery() {
    useEffect(hold, []);
    return useSyncExternalStore(store.subscribe, store.get, store.rendered);
  }
  const until = (test: (value: LiveQueryValue<S>) => boolean, maxMs?: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        const value = store.get();
        if (value === undefined || !test(value)) return false;
        finish();
        return true;
      };
      const off = store.subscribe(check);
      const timer = maxMs === undefined ? undefined : setTimeout(finish, maxMs);
      function finish() {
        off();
        clearTimeout(timer);
        resolve();
      }
      check();
    });
  useSharedLiveQuery.until = until;
  useSharedLiveQuery.known = async () => {
    await until(() => true);
    return store.get()!;
  };
  return useSharedLiveQuery;
}
