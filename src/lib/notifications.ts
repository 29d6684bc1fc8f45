import {
  normalizeType,
  notificationLifetime,
  shouldIgnore,
  type NotificationText,
  type NotificationType,
} from '../../domain/notifications.ts';
import { createStore } from './store.ts';

export type { NotificationType };

export interface NotificationAction {
  /** Message key of the button label. */
  label: string;
  /** Where the action goes ('/checkout'), or a callback. */
  href?: string;
  run?: () => void;
}

export interface ShellNotification {
  id: string;
  type: NotificationType;
  /** Message key (English source text) or an already-Dutch server message. */
  message: string;
  params?: Record<string, string | number>;
  action1?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout?: boolean;
  /** The wishlist notification (spec 001 §3): 'add' shows the product image and, to guests, the signup mini-banner. */
  wishlist?: { action: string; img?: string };
}

export type NotificationInput = Omit<ShellNotification, 'id' | 'type'> & { id?: string; type?: string };

export const notificationsStore = createStore<ShellNotification[]>([]);
let lastShown: NotificationText | null = null;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Spec 001 §4: a message identical to the last one is ignored (while it is on screen, so the same message may come
 * back later); auto-dismiss after timeToLive or the shell's 3000 ms unless hasNoTimeout; unknown types show as danger.
 */
export function notify(input: NotificationInput): void {
  if (shouldIgnore(lastShown, input)) return;
  lastShown = { message: input.message, params: input.params };
  const n: ShellNotification = {
    ...input,
    id: input.id ?? Math.random().toString(36).slice(2),
    type: normalizeType(input.type),
  };
  notificationsStore.set((list) => [...list, n]);
  const lifetime = notificationLifetime(n);
  if (lifetime !== null)
    timers.set(
      n.id,
      setTimeout(() => dismiss(n.id), lifetime),
    );
}

export function dismiss(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  notificationsStore.set((list) => {
    const next = list.filter((n) => n.id !== id);
    if (next.length === 0) lastShown = null;
    return next;
  });
}
