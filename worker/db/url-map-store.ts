import type { MappedRoute, ShopDatabase, UrlMapDoc } from '../../schemas/index.ts';
import { normalizePath } from '../../domain/url-path.ts';
import type { WorkerEvents } from '../events.ts';

/** The part of the worker context the store reads: it sits below both routing/ and catalog/, which fill it. */
export type UrlMapContext = {
  db: ShopDatabase;
  events: WorkerEvents;
  config: { cacheTtlSeconds: number };
  now(): number;
};
type Ctx = UrlMapContext;

/**
 * The URL dispatcher's two local layers (spec 000 §2 "lookup order: in memory, then local cache"): a Map per
 * worker and the RxDB `url_map` collection. A purge of cache entries (spec 001 §4 "Offline cache") clears the
 * memory map too (the 'quota-purge' event).
 */
export class UrlMapStore {
  private memory = new Map<string, MappedRoute>();

  constructor(private ctx: Ctx) {
    ctx.events.on('quota-purge', () => this.memory.clear());
  }

  memoryGet(path: string): MappedRoute | undefined {
    return this.memory.get(normalizePath(path));
  }

  async localGet(path: string): Promise<MappedRoute | undefined> {
    const key = normalizePath(path);
    const doc = await this.ctx.db.url_map.findOne(key).exec();
    if (!doc || this.ctx.now() - doc.cached_at >= this.ctx.config.cacheTtlSeconds * 1000) return undefined;
    const route = doc.toMutableJSON().route;
    this.memory.set(key, route);
    return route;
  }

  async set(path: string, type: UrlMapDoc['type'], route: MappedRoute): Promise<void> {
    const key = normalizePath(path);
    this.memory.set(key, route);
    const cachedAt = this.ctx.now();
    await this.ctx.db.url_map.upsert({ url: key, type, route, cached_at: cachedAt });
  }

  async setMany(entries: { path: string; type: UrlMapDoc['type']; route: MappedRoute }[]): Promise<void> {
    if (entries.length === 0) return;
    const cachedAt = this.ctx.now();
    const docs = entries.map((e) => ({
      url: normalizePath(e.path),
      type: e.type,
      route: e.route,
      cached_at: cachedAt,
    }));
    for (const doc of docs) this.memory.set(doc.url, doc.route);
    await this.ctx.db.url_map.bulkUpsert(docs);
  }

  clearMemory(): void {
    this.memory.clear();
  }
}

const stores = new WeakMap<object, UrlMapStore>();

/** The store of one worker context (one per database). */
export function urlMapStore(ctx: Ctx): UrlMapStore {
  let store = stores.get(ctx.db);
  if (!store) stores.set(ctx.db, (store = new UrlMapStore(ctx)));
  return store;
}
