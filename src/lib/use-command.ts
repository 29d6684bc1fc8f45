import { useCallback, useRef, useState } from 'react';
import type { CommandResult } from '../../worker/api-types.ts';
import { notify } from './notifications.ts';

/**
 * Wraps a worker command: tracks `pending` (while any of its runs is unanswered: taps made in a row each run), and shows a failed command's message as a danger notification unless the
 * caller handles it (`silent`). Writes are local first, so the UI itself updates from live queries, not from here.
 */
export function useCommand<A extends unknown[], R extends CommandResult | void>(
  command: (...args: A) => Promise<R>,
  options: { silent?: boolean } = {},
): { run: (...args: A) => Promise<R | undefined>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const running = useRef(0);
  const run = useCallback(
    async (...args: A) => {
      running.current += 1;
      setPending(true);
      try {
        const result = await command(...args);
        if (!options.silent && result && !result.ok && result.messageKey) {
          notify({ type: 'danger', message: result.messageKey, params: result.params });
        }
        return result;
      } catch (error) {
        if (!options.silent) {
          notify({ type: 'danger', message: error instanceof Error ? error.message : 'Something went wrong' });
        }
        return undefined;
      } finally {
        running.current -= 1;
        if (running.current === 0) setPending(false);
      }
    },
    [command, options.silent],
  );
  return { run, pending };
}
