import * as Comlink from 'comlink';
import { distinctUntilChanged, filter, map, merge, take, type Observable, type Subscription } from 'rxjs';
import type { CoreApi, LiveQuerySpec, ShopNotification } from '../api-types.ts';
import { randomId, type WorkerContext } from '../context.ts';
import { loadDirectory } from '../catalog/directory.ts';

/** The notice of spec 001 §4 "Offline cache" when persistent storage is off (memory only) for the session. */
export const MEMORY_ONLY_NOTICE = 'Storage on this device is not working: your changes may not be kept after closing.';

/**
 * Every subscriber of the notifications (each page of each tab) hears once that the worker runs from memory, even when
 * that happened at start, before the page subscribed.
 */
function memoryOnlyNotice(ctx: WorkerContext): Observable<ShopNotification> {
  return ctx.storage.health.status$.pipe(
    filter((status) => status.mode === 'memory'),
    take(1),
    map(() => ({
      id: randomId(),
      type: 'warning' as const,
      messageKey: MEMORY_ONLY_NOTICE,
      hasNoTimeout: true,
      action: { labelKey: 'OK' },
    })),
  );
}

/**
 * A live query's values that differ from the one sent before. RxDB answers again for every write to a collection a
 * query reads, most of which change nothing a page shows (the queue's own writes after an add, the same categories
 * stored again), and each value sent is copied to the page and renders what shows it: on a product page's start that
 * was 18 of 40 values (docs/architecture.md "Reads are live queries"). A notification has an id of its own, so each
 * is sent.
 */
function changesOnly<T>(values: Observable<T>): Observable<T> {
  return values.pipe(
    distinctUntilChanged(
      (a, b) => a === b,
      (value) => JSON.stringify(value),
    ),
  );
}

/** Live query plumbing and the online switch; the area-specific live queries are registered by their areas. */
export function coreApi(ctx: WorkerContext): CoreApi {
  ctx.live.register('notifications', () => merge(ctx.notifications.asObservable(), memoryOnlyNotice(ctx)));
  ctx.live.register('storage', () => ctx.storage.health.status$.asObservable());
  ctx.live.register('online', () => ctx.online.asObservable());

  let nextId = 1;
  const subscriptions = new Map<number, { subscription: Subscription; onChange: unknown }>();

  return {
    directory: () => loadDirectory(ctx),
    async ready() {
      const { storeCode, storeId, apiBase, currency, locale, taxCountry } = ctx.config;
      return { storeCode, storeId, apiBase, currency, locale, taxCountry };
    },

    async versions() {
      return { app: ctx.config.appVersion, server: ctx.http.serverVersion() };
    },

    async subscribe(spec, onChange) {
      const source = ctx.live.get((spec as LiveQuerySpec).name);
      if (!source) throw new Error(`Unknown live query: ${spec.name}`);
      const id = nextId++;
      const subscription = changesOnly(source(spec as never)).subscribe({
        next: (value) => {
          // Over comlink the callback returns a promise; a closed tab must not break the worker.
          Promise.resolve((onChange as (v: unknown) => unknown)(value)).catch(() => undefined);
        },
        error: (error) => console.error(`[worker] live query ${spec.name} failed`, error),
      });
      subscriptions.set(id, { subscription, onChange });
      if (spec.name === 'notifications') ctx.events.emit('notifications-heard');
      return id;
    },

    async unsubscribe(id) {
      const entry = subscriptions.get(id);
      if (!entry) return;
      subscriptions.delete(id);
      entry.subscription.unsubscribe();
      const release = (entry.onChange as { [Comlink.releaseProxy]?: () => void })[Comlink.releaseProxy];
      if (typeof release === 'function') release.call(entry.onChange);
    },

    async setOnline(online) {
      if (ctx.online.value !== online) ctx.online.next(online);
      // the browser's `online` while the worker already thought so (a network that came back without going off)
      else if (online) ctx.events.emit('wake');
    },

    async wake() {
      ctx.events.emit('page-alive');
      ctx.events.emit('wake');
    },

    async pageAlive() {
      ctx.events.emit('page-alive');
    },

    async pageStopped() {
      ctx.events.emit('page-stopped');
    },
  };
}
