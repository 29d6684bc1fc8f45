import type { Category, Product } from '../../contract/catalog.ts';
import type { WorkerContext } from '../context.ts';

type Ctx = Pick<WorkerContext, 'db' | 'events' | 'config' | 'now'>;

/** Entries older than the catalogue TTL (spec 000 §9, 86 400 s) are never served. */
export function isFresh(ctx: Ctx, cachedAt: number): boolean {
  return ctx.now() - cachedAt < ctx.config.cacheTtlSeconds * 1000;
}

export async function readCache<T>(ctx: Ctx, key: string): Promise<T | null> {
  const doc = await ctx.db.cache.findOne(key).exec();
  if (!doc || doc.expires_at <= ctx.now()) return null;
  // A document field is an RxDB proxy, which structured clone (comlink) cannot copy; the JSON copy can be posted.
  return doc.toMutableJSON().value as T;
}

export async function writeCache(ctx: Ctx, key: string, value: unknown): Promise<void> {
  const now = ctx.now();
  await ctx.db.cache.upsert({ key, value, cached_at: now, expires_at: now + ctx.config.cacheTtlSeconds * 1000 });
}

/** Full product documents only: a listing fetched with includeFields must not overwrite a full document. */
export async function storeProducts(ctx: Ctx, products: Product[]): Promise<void> {
  if (products.length === 0) return;
  const now = ctx.now();
  await ctx.db.products.bulkUpsert(
    products.map((p) => ({
      sku: p.sku,
      id: p.id,
      url_path: p.url_path ?? '',
      type_id: String(p.type_id),
      parent_sku: p.parentSku ?? p.sku,
      doc: p,
      cached_at: now,
    })),
  );
}

export async function cachedProduct(ctx: Ctx, sku: string): Promise<Product | null> {
  const doc = await ctx.db.products.findOne(sku).exec();
  if (!doc || !isFresh(ctx, doc.cached_at)) return null;
  return doc.toMutableJSON().doc;
}

/** Categories and their `children_data` subtrees, so the menu's live query has every level. */
export async function storeCategories(ctx: Ctx, categories: Category[]): Promise<void> {
  const all: Category[] = [];
  const visit = (c: Category) => {
    all.push(c);
    (c.children_data ?? []).forEach(visit);
  };
  categories.forEach(visit);
  if (all.length === 0) return;
  const now = ctx.now();
  await ctx.db.categories.bulkUpsert(
    all.map((c) => ({
      id: String(c.id),
      parent_id: c.parent_id ?? 0,
      url_path: c.url_path ?? '',
      doc: c,
      cached_at: now,
    })),
  );
}

/** Stable JSON (sorted keys) so equal queries share one cache entry. */
export function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableKey((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
