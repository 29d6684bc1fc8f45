import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { dismiss, notificationsStore, notify } from '../../../../src/lib/notifications.ts';

/** Spec 001 §4 / §8 / §9: the shell's notification rules. */
describe('shell notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const n of notificationsStore.get()) dismiss(n.id);
    vi.useRealTimers();
  });

  test('a message identical to the last one is ignored', () => {
    notify({ type: 'success', message: 'Product has been added to the cart!' });
    notify({ type: 'success', message: 'Product has been added to the cart!' });
    expect(notificationsStore.get()).toHaveLength(1);
    notify({ type: 'success', message: 'Product quantity has been updated!' });
    expect(notificationsStore.get()).toHaveLength(2);
  });

  test('auto-dismiss after the shell default of 3000 ms, or timeToLive, unless hasNoTimeout', () => {
    notify({ type: 'info', message: 'a' });
    notify({ type: 'info', message: 'b', timeToLive: 10_000 });
    notify({ type: 'info', message: 'c', hasNoTimeout: true });
    vi.advanceTimersByTime(2999);
    expect(notificationsStore.get().map((n) => n.message)).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(1);
    expect(notificationsStore.get().map((n) => n.message)).toEqual(['b', 'c']);
    vi.advanceTimersByTime(7000);
    expect(notificationsStore.get().map((n) => n.message)).toEqual(['c']);
  });

  test('a notification of unknown type shows as danger', () => {
    notify({ type: 'fatal', message: 'x' });
    notify({ message: 'y' });
    expect(notificationsStore.get().map((n) => n.type)).toEqual(['danger', 'danger']);
  });
});
