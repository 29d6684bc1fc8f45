import { useEffect, useState } from 'react';
import type { LiveQuerySpec, LiveQueryValue } from '../../worker/api-types.ts';
import { subscribeLive } from '../../worker/client.ts';

/**
 * Subscribes to a live query of the worker and re-renders on every change (docs/architecture.md "Reads are live queries").
 * `undefined` until the first value arrives. The subscription is released on unmount or when the spec changes.
 */
export function useLiveQuery<S extends LiveQuerySpec>(spec: S | null): LiveQueryValue<S> | undefined {
  const key = spec ? JSON.stringify(spec) : '';
  const [state, setState] = useState<{ key: string; value: LiveQueryValue<S> | undefined }>({ key, value: undefined });
  useEffect(() => {
    if (!spec) return;
    let active = true;
    const unsubscribe = subscribeLive(spec, (value) => {
      if (active) setState({ key, value: value as LiveQueryValue<S> });
    });
    return () => {
      active = false;
      unsubscribe();
    };
    // The serialised spec is the identity of the query.
  }, [key]);
  return state.key === key ? state.value : undefined;
}
