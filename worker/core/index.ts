import * as Comlink from 'comlink';
import type { Subscription } from 'rxjs';
import type { CoreApi, LiveQuerySpec } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';

/** Live query plumbing and the online switch; the area-specific live queries are registered by their areas. */
export function coreApi(ctx: WorkerContext): CoreApi {
  ctx.live.register('notifications', () => ctx.notifications.asObservable());
  ctx.live.register('online', () => ctx.online.asObservable());

  let nextId = 1;
  const subscriptions = new Map<number, { subscription: Subscription; onChange: unknown }>();

  return {
    async ready() {
      const { storeCode, storeId, apiBase, currency, locale, taxCountry } = ctx.config;
      return { storeCode, storeId, apiBase, currency, locale, taxCountry };
    },

    async subscribe(spec, onChange) {
      const source = ctx.live.get((spec as LiveQuerySpec).name);
      if (!source) throw new Error(`Unknown live query: ${spec.name}`);
      const id = nextId++;
      const subscription = source(spec as never).subscribe({
        next: (value) => {
          // Over comlink the callback returns a promise; a closed tab must not break the worker.
          Promise.resolve((onChange as (v: unknown) => unknown)(value)).catch(() => undefined);
        },
        error: (error) => console.error(`[worker] live query ${spec.name} failed`, error),
      });
      subscriptions.set(id, { subscription, onChange });
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
    },
  };
}
