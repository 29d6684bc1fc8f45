import type { NotificationBody, ProviderNotificationType } from '../../contract/search-provider.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { SearchProviderIdentity } from './identity.ts';

export const TASK_PROVIDER_NOTIFICATION = 'search-provider-notification';
export const PROVIDER_NOTIFICATION_URL = '/api/search-provider/notifications';

/** What the app tells the provider; the worker adds the keys. A ticket ties it to the list that showed the product. */
export interface ProviderNotification {
  type: ProviderNotificationType;
  ticket?: string;
  productKey?: string;
}

/**
 * Spec 001 §7 "POST notifications", fire-and-forget: a persisted task in its own lane, so it is sent once, after a
 * reload or when the device comes back online, and never holds up the cart. Silent: the shopper did not ask for it,
 * so neither a refusal nor a task set aside after repeated 5xx shows a notice.
 */
export class ProviderNotifier {
  constructor(
    private readonly queue: TaskQueue,
    private readonly identity: SearchProviderIdentity,
    log: (message: string) => void,
  ) {
    queue.on(
      TASK_PROVIDER_NOTIFICATION,
      (task, res) => {
        // a 4xx is final (the queue does not send it again): worth a line in the log, nothing for the shopper
        if (res.code !== 200) log(`search-provider notification refused with ${res.code}`);
      },
      { lane: TASK_PROVIDER_NOTIFICATION },
    );
  }

  /** Resolves when the notification is stored on the device, not when it reached the provider. */
  async send(notification: ProviderNotification): Promise<void> {
    if (!notification.ticket && !notification.productKey) return;
    const keys = await this.identity.keys();
    const payload: NotificationBody = { ...notification, ...keys };
    await this.queue.enqueue({
      kind: TASK_PROVIDER_NOTIFICATION,
      url: PROVIDER_NOTIFICATION_URL,
      payload,
      silent: true,
    });
  }
}
