/** Notification types (spec 001 §3); anything else shows as danger. */
export const NOTIFICATION_TYPES = ['secondary', 'info', 'success', 'warning', 'danger'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec 001 §9: 3000 ms for the shell's notifications (the shop has no core notification store of its own). */
export const SHELL_NOTIFICATION_TTL_MS = 3000;

export interface NotificationAction {
  /** Message key of the button label. */
  label: string;
  [extra: string]: unknown;
}

/** Notification (spec 001 §3). `message` is a message key (the spec's English text) or an already Dutch text. */
export interface Notification {
  id: string;
  message: string;
  type: NotificationType;
  action1?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout?: boolean;
  wishlist?: { action: 'add' | string; img?: string };
}

export function normalizeType(type: unknown): NotificationType {
  return (NOTIFICATION_TYPES as readonly unknown[]).includes(type) ? (type as NotificationType) : 'danger';
}

/** What the duplicate rule compares: the message and the params its text is filled with. */
export interface NotificationText {
  message: string;
  params?: Readonly<Record<string, unknown>>;
}

/**
 * A message identical to the last one is ignored (spec 001 §4): the same message with the same params. Each store
 * decides how long "the last one" counts (while it is still shown).
 */
export function shouldIgnore(last: NotificationText | null | undefined, next: NotificationText): boolean {
  return (
    !!last && last.message === next.message && JSON.stringify(last.params ?? {}) === JSON.stringify(next.params ?? {})
  );
}

/** How long it stays (spec 001 §4): null (until closed) with hasNoTimeout, else its timeToLive or 3000 ms. */
export function notificationLifetime(n: Pick<Notification, 'timeToLive' | 'hasNoTimeout'>): number | null {
  if (n.hasNoTimeout) return null;
  return typeof n.timeToLive === 'number' && n.timeToLive >= 0 ? n.timeToLive : SHELL_NOTIFICATION_TTL_MS;
}
