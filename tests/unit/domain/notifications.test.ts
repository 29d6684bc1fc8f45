import { describe, expect, it } from 'vitest';
import * as notifications from '../../../domain/notifications.ts';

describe('notifications (spec 001 §3, §4, §9)', () => {
  it('a notification of unknown type shows as danger', () => {
    for (const t of ['secondary', 'info', 'success', 'warning', 'danger']) {
      expect(notifications.normalizeType(t)).toBe(t);
    }
    expect(notifications.normalizeType('error')).toBe('danger');
    expect(notifications.normalizeType(undefined)).toBe('danger');
  });

  it('a message identical to the last one is ignored', () => {
    expect(
      notifications.shouldIgnore(
        { message: 'Product has been added to the cart!' },
        { message: 'Product has been added to the cart!' },
      ),
    ).toBe(true);
    expect(notifications.shouldIgnore({ message: 'a' }, { message: 'b' })).toBe(false);
    expect(notifications.shouldIgnore(null, { message: 'a' })).toBe(false);
    expect(
      notifications.shouldIgnore(
        { message: 'Items in cart: {count}', params: { count: 1 } },
        { message: 'Items in cart: {count}', params: { count: 1 } },
      ),
    ).toBe(true);
    expect(
      notifications.shouldIgnore(
        { message: 'Items in cart: {count}', params: { count: 1 } },
        { message: 'Items in cart: {count}', params: { count: 2 } },
      ),
    ).toBe(false);
  });

  it('default lifetime 3000 ms in the shell; timeToLive and hasNoTimeout win', () => {
    expect(notifications.SHELL_NOTIFICATION_TTL_MS).toBe(3000);
    expect(notifications.notificationLifetime({})).toBe(3000);
    expect(notifications.notificationLifetime({ timeToLive: 8000 })).toBe(8000);
    expect(notifications.notificationLifetime({ timeToLive: 8000, hasNoTimeout: true })).toBeNull();
  });
});
