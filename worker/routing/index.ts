import { map } from 'rxjs';
import { KV_KEYS } from '../../schemas/index.ts';
import type { RoutingApi } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { Dispatcher, type DispatcherOptions } from './dispatcher.ts';
import { pushNavPath } from '../../domain/nav-path.ts';

/** Routing area: the URL dispatcher and the nav_path history (kv key 'nav_path'). */
export function routingApi(ctx: WorkerContext, options: DispatcherOptions = {}): RoutingApi {
  const dispatcher = new Dispatcher(ctx, { log: (m, e) => console.warn(`[worker] ${m}`, e), ...options });

  const readHistory = async (): Promise<string[]> => {
    const doc = await ctx.db.kv.findOne(KV_KEYS.navPath).exec();
    return Array.isArray(doc?.value) ? (doc.value as string[]) : [];
  };
  const writeHistory = (history: string[]) =>
    ctx.db.kv.upsert({ key: KV_KEYS.navPath, value: history, updated_at: ctx.now() });

  // Spec 000 §2: the history is cleared at start.
  const started = writeHistory([]);
  // Writes to nav_path are serialised so two quick navigations never lose an entry.
  let queue: Promise<unknown> = started;
  const update = (change: (history: string[]) => string[]) => {
    const next = queue.then(async () => writeHistory(change(await readHistory())));
    queue = next.catch(() => undefined);
    return next.then(() => undefined);
  };

  ctx.live.register('navPath', () =>
    ctx.db.kv.findOne(KV_KEYS.navPath).$.pipe(map((doc) => (Array.isArray(doc?.value) ? (doc.value as string[]) : []))),
  );

  return {
    resolveRoute: (path, matched) => dispatcher.resolve(path, matched),
    pushNavPath: (path) => update((history) => pushNavPath(history, path)),
  };
}
