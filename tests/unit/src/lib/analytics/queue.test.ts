import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueue, drainQueue, enqueue, type QueuedEvent } from '../../../../../src/lib/analytics/queue.ts';

/** The device's localStorage, as a Map (the unit suite runs in Node). */
function fakeLocalStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
}

/** Web Locks as the browser grants them: one holder of a name at a time, in request order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, callback: () => unknown) => {
      const run = tail.then(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return callback();
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

describe('the analytics queue on the device (pushed when online, never twice)', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeLocalStorage());
    vi.stubGlobal('navigator', { locks: fakeLocks() });
  });

  it('gives each event an id and hands the queue over once: a second drain finds nothing', async () => {
    enqueue({ event: 'view_item' });
    enqueue({ event: 'add_to_cart', ecommerce: { value: 1 } });
    const pushed: QueuedEvent[] = [];
    await Promise.all([drainQueue((e) => pushed.push(...e)), drainQueue((e) => pushed.push(...e))]);
    expect(pushed.map((e) => e.event)).toEqual(['view_item', 'add_to_cart']);
    expect(new Set(pushed.map((e) => e.event_id)).size).toBe(2);
    await drainQueue((e) => pushed.push(...e));
    expect(pushed).toHaveLength(2);
  });

  it('keeps the queue across a reload (it lives in localStorage) until drained', async () => {
    enqueue({ event: 'search', search_term: 'colbert' });
    const pushed: QueuedEvent[] = [];
    await drainQueue((e) => pushed.push(...e));
    expect(pushed).toMatchObject([{ event: 'search', search_term: 'colbert' }]);
  });

  it('a refusal clears what waited', async () => {
    enqueue({ event: 'view_item' });
    clearQueue();
    const push = vi.fn();
    await drainQueue(push);
    expect(push).not.toHaveBeenCalled();
  });
});
