import { createStore } from './store.ts';

/** Notification types of spec 001 §3; anything else is shown as danger. */
export const NOTIFICATION_TYPES = ['secondary', 'info', 'success', 'warning', 'danger'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Shell lifetime (spec 001 §9: 3000 ms; the core's 5000 ms belongs to the worker's own store). */
export const NOTIFICATION_TTL_MS = 3000;

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
}

export type NotificationInput = Omit<ShellNotification, 'id' | 'type'> & { id?: string; type?: string };

export const notificationsStore = createStore<ShellNotification[]>([]);
let lastMessage: string | null = null;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function normaliseType(type: string | undefined): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type ?? '') ? (type as NotificationType) : 'danger';
}

/** Spec 001 §4: a message identical to the last one is ignored; auto-dismiss after timeToLive or 3000 ms. */
export function notify(input: NotificationInput): void {
  const fingerprint = input.message + JSON.stringify(input.params ?? {});
  if (fingerprint === lastMessage) return;
  lastMessage = fingerprint;
  const n: ShellNotification = {
    ...input,
    id: input.id ?? Math.random().toString(36).slice(2),
    type: normaliseType(input.type),
  };
  notificationsStore.set((list) => [...list, n]);
  if (!n.hasNoTimeout) {
    timers.set(n.id, setTimeout(() => dismiss(n.id), n.timeToLive ?? NOTIFICATION_TTL_MS));
  }
}

export function dismiss(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  notificationsStore.set((list) => {
    const next = list.filter((n) => n.id !== id);
    if (next.length === 0) lastMessage = null;
    return next;
  });
}
