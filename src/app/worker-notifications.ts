import { subscribeLive } from '../../worker/client.ts';
import { notify } from '../lib/notifications.ts';

/** Worker notifications (data, spec 001 §3) become shell notifications with translated texts. */
export function bridgeWorkerNotifications(): () => void {
  return subscribeLive({ name: 'notifications' }, (n) => {
    if (!n) return;
    notify({
      id: n.id,
      type: n.type,
      message: n.messageKey,
      params: n.params,
      timeToLive: n.timeToLive,
      hasNoTimeout: n.hasNoTimeout,
      wishlist: n.wishlist,
      // 'open-login' is the session-expiry action (spec 000 §4): the login page is our authentication screen.
      action1: n.action
        ? {
            label: n.action.labelKey,
            href: n.action.href ?? (n.action.command === 'open-login' ? '/login/' : undefined),
          }
        : undefined,
    });
  });
}
