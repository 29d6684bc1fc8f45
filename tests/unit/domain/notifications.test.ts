import { describe, expect, it } from 'vitest';
import {
  normalizeType,
  notificationLifetime,
  SHELL_NOTIFICATION_TTL_MS,
  shouldIgnore,
} from '../../../domain/notifications.ts';

describe('notifications (spec 001 §3, §4, §9)', () => {
  it('a notification of unknown type shows as danger', () => {
    for (const t of ['secondary', 'info', 'success', 'warning', 'danger']) expect(normalizeType(t)).toBe(t);
    expect(normalizeType('error')).toBe('danger');
    expect(normalizeType(undefined)).toBe('danger');
  });

  it('a message identical to the last one is ignored', () => {
    expect(
      shouldIgnore(
        { message: 'Product has been added to the cart!' },
        { message: 'Product has been added to the cart!' },
      ),
    ).toBe(true);
    expect(shouldIgnore({ message: 'a' }, { message: 'b' })).toBe(false);
    expect(shouldIgnore(null, { message: 'a' })).toBe(false);
    expect(
      shouldIgnore(
        { message: 'Items in cart: {count}', params: { count: 1 } },
        { message: 'Items in cart: {count}', params: { count: 1 } },
      ),
    ).toBe(true);
    expect(
      shouldIgnore(
        { message: 'Items in cart: {count}', params: { count: 1 } },
        { message: 'Items in cart: {count}', params: { count: 2 } },
      ),
    ).toBe(false);
  });

  it('default lifetime 3000 ms in the shell; timeToLive and hasNoTimeout win', () => {
    expect(SHELL_NOTIFICATION_TTL_MS).toBe(3000);
    expect(notificationLifetime({})).toBe(3000);
    expect(notificationLifetime({ timeToLive: 8000 })).toBe(8000);
    expect(notificationLifetime({ timeToLive: 8000, hasNoTimeout: true })).toBeNull();
  });
});
