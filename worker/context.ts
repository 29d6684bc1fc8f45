import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import {
  notificationLifetime,
  SHELL_NOTIFICATION_TTL_MS,
  shouldIgnore,
  type NotificationText,
} from '../domain/notifications.ts';
import type { ShopDatabase } from '../schemas/index.ts';
import type { LiveQueries, LiveQueryName, ShopNotification } from './api-types.ts';
import type { WorkerConfig } from './config.ts';
import { WorkerEvents } from './events.ts';
import type { HttpClient } from './http/client.ts';
import type { ResilientStorage } from './db/resilient-storage.ts';

export type LiveSource<K extends LiveQueryName> = (
  params: LiveQueries[K]['params'],
) => Observable<LiveQueries[K]['value']>;

/** Areas register the live queries they serve; `subscribe` of the core API looks them up by name. */
export class LiveRegistry {
  private sources = new Map<string, LiveSource<never>>();

  register<K extends LiveQueryName>(name: K, source: LiveSource<K>): void {
    this.sources.set(name, source as unknown as LiveSource<never>);
  }

  get<K extends LiveQueryName>(name: K): LiveSource<K> | undefined {
    return this.sources.get(name) as unknown as LiveSource<K> | undefined;
  }
}

/** What every area factory receives: `coreApi(ctx)`, `catalogApi(ctx)`, `cartApi(ctx)` … */
export interface WorkerContext {
  db: ShopDatabase;
  /** The storage under `db`: its health (error counters, memory mode), purge, size estimate and write-back. */
  storage: ResilientStorage;
  http: HttpClient;
  config: WorkerConfig;
  events: WorkerEvents;
  live: LiveRegistry;
  /** Current online state; the app and the worker's own online/offline listeners feed it. */
  online: BehaviorSubject<boolean>;
  notifications: Subject<ShopNotification>;
  /** Shows a notification in the app; returns its id. */
  notify(notification: Omit<ShopNotification, 'id'>): string;
  /** The worker's clock (tests move it). */
  now(): number;
}

export interface ContextOptions {
  db: ShopDatabase;
  storage: ResilientStorage;
  http: HttpClient;
  config: WorkerConfig;
  online?: boolean;
  now?: () => number;
}

export function createContext(options: ContextOptions): WorkerContext {
  const notifications = new Subject<ShopNotification>();
  const online = new BehaviorSubject<boolean>(options.online ?? true);
  const events = new WorkerEvents();
  online.subscribe((value) => events.emit('online', value));
  options.storage.health.purged$.subscribe(() => events.emit('quota-purge'));
  let last: NotificationText | null = null;
  let lastAt = 0;
  // Date.now read at each call: a clock set right while the worker runs (or moved by a test) is the one used
  const now = options.now ?? (() => Date.now());
  return {
    db: options.db,
    storage: options.storage,
    http: options.http,
    config: options.config,
    events,
    live: new LiveRegistry(),
    online,
    notifications,
    notify(notification) {
      const id = randomId();
      // Spec 001 §4: a message identical to the last one is ignored while that one is still shown.
      const text: NotificationText = { message: notification.messageKey, params: notification.params };
      const shownFor = notificationLifetime({ timeToLive: notification.timeToLive }) ?? SHELL_NOTIFICATION_TTL_MS;
      if (!shouldIgnore(last, text) || now() - lastAt > shownFor) notifications.next({ ...notification, id });
      last = text;
      lastAt = now();
      return id;
    },
    now,
  };
}

export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
