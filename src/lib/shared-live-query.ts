import { useEffect, useSyncExternalStore } from 'react';
import type { LiveQuerySpec, LiveQueryValue } from '../../worker/api-types.ts';
import { subscribeLive } from '../../worker/client.ts';
import { createStore } from './store.ts';

/**
 * A live query many components read at once (a listing shows a wishlist heart and a compare toggle on every tile):
 * one subscription, held while any of them is mounted, instead of one per tile. The hook answers `undefined` until
 * the worker answered.
 */
export function sharedLiveQuery<S extends LiveQuerySpec>(spec: S): () => LiveQueryValue<S> | undefined {
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
  return function useSharedLiveQuery() {
    useEffect(hold, []);
    return useSyncExternalStore(store.subscribe, store.get, store.rendered);
  };
}
