import { useRef } from 'react';
import type { CommandResult } from '../../worker/api-types.ts';
import type { SharedLiveQuery } from './shared-live-query.ts';
import { useCommand } from './use-command.ts';

/**
 * A button that puts something on a device list or takes it off (the wishlist heart, "Vergelijk"). Each tap toggles
 * what the list holds when it runs, one tap after the other: a tap made before the worker's first answer (the page
 * just started, docs/server-rendering.md "How a tap travels from the first paint to the worker") waits for it instead
 * of being refused, and a second tap acts on the list the first one left. The button is never disabled for it.
 */
export function useListToggle<V>(
  list: SharedLiveQuery<V>,
  isOn: (value: V) => boolean,
  turnOn: () => Promise<CommandResult>,
  turnOff: (value: V) => Promise<CommandResult>,
  options: { silent?: boolean } = {},
): { run: () => Promise<CommandResult | undefined>; pending: boolean } {
  const taps = useRef<Promise<unknown>>(Promise.resolve());
  return useCommand(() => {
    const next = taps.current.then(async () => {
      const value = await list.known();
      const on = !isOn(value);
      const result = on ? await turnOn() : await turnOff(value);
      if (result.ok) await list.until((now) => isOn(now) === on, 2_000);
      return result;
    });
    taps.current = next.catch(() => undefined);
    return next;
  }, options);
}
