import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import type { ShopDatabase } from '../schemas/index.ts';
import type { LiveQueries, LiveQueryName, ShopNotification } from './api-types.ts';
import type { WorkerConfig } from './config.ts';
import { WorkerEvents } from './events.ts';
import type { HttpClient } from './http/client.ts';

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
  let lastMessage = '';
  let lastAt = 0;
  const now = options.now ?? Date.now;
  return {
    db: options.db,
    http: options.http,
    config: options.config,
    events,
    live: new LiveRegistry(),
    online,
    notifications,
    notify(notification) {
      const id = randomId();
      // A message identical to the last one is ignored (spec 001 §4 "Notifications") while that one is still shown.
      const signature = `${notification.type}:${notification.messageKey}:${JSON.stringify(notification.params ?? {})}`;
      const shownFor = notification.timeToLive ?? 3_000;
      if (signature !== lastMessage || now() - lastAt > shownFor) notifications.next({ ...notification, id });
      lastMessage = signature;
      lastAt = now();
      return id;
    },
    now,
  };
}

export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
