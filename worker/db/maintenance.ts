import { QUOTA_CHECK_INTERVAL_MS } from '../../domain/storage/cache-limits.ts';
import type { ShopDatabase } from '../../schemas/index.ts';
import type { ResilientStorage } from './resilient-storage.ts';

interface Ctx {
  db: ShopDatabase;
  storage: ResilientStorage;
  config: { cacheTtlSeconds: number };
  now(): number;
}

/** Above this share of the origin's quota the caches are purged before a write fails. */
export const QUOTA_HIGH_WATER = 0.9;

/** Removes catalogue and URL-map entries past the TTL and cache entries past their expiry; returns how many. */
export async function purgeExpired(ctx: Ctx): Promise<number> {
  const cutoff = ctx.now() - ctx.config.cacheTtlSeconds * 1000;
  const removed = await Promise.all([
    ctx.db.cache.find({ selector: { expires_at: { $lte: ctx.now() } } }).remove(),
    ctx.db.products.find({ selector: { cached_at: { $lt: cutoff } } }).remove(),
    ctx.db.categories.find({ selector: { cached_at: { $lt: cutoff } } }).remove(),
    ctx.db.url_map.find({ selector: { cached_at: { $lt: cutoff } } }).remove(),
  ]);
  return removed.reduce((sum, docs) => sum + docs.length, 0);
}

export type StorageEstimate = () => Promise<{ usage?: number; quota?: number }>;

/**
 * One quota check (spec 001 §4 "Offline cache"): expired entries go; then, while the origin is over the quota's
 * high-water mark — by the browser's usage or by the spec's size estimate of what is stored — cache entries are
 * purged 100 at a time, least recently used first (the shopper's own data always stays). In memory mode the check
 * instead writes what memory holds back to persistent storage, so a reload finds it.
 */
export async function checkQuota(ctx: Ctx, estimate?: StorageEstimate): Promise<'ok' | 'purged' | 'memory'> {
  if (ctx.storage.health.memoryOnly) {
    await ctx.storage.writeBack();
    return 'memory';
  }
  await purgeExpired(ctx);
  let purged = false;
  for (;;) {
    const { usage, quota } = (await estimate?.()) ?? {};
    const estimatedBytes = await ctx.storage.estimateStoredSize();
    ctx.storage.health.recordQuota({ estimatedBytes, usage: usage ?? null, quota: quota ?? null });
    if (!quota || Math.max(usage ?? 0, estimatedBytes) < quota * QUOTA_HIGH_WATER) break;
    if ((await ctx.storage.purgeLeastRecentlyUsed('quota-check')) === 0) break;
    purged = true;
  }
  return purged ? 'purged' : 'ok';
}

/** The first check runs this long after the start (once the first page is served), so diagnostics have numbers. */
export const FIRST_QUOTA_CHECK_MS = 5_000;

/** Runs the quota check every 30 s on the leader only (one tab is enough for a shared database). */
export function startStorageMaintenance(ctx: Ctx, estimate?: StorageEstimate): () => void {
  // RxDB elects a leader only once someone asks for it; the queue now leads by its own lease
  // (docs/sync-engine.md "Leadership"), so the maintenance asks, or no tab would ever check the quota
  if (ctx.db.multiInstance) void ctx.db.waitForLeadership().catch(() => undefined);
  const run = () => {
    if (ctx.db.closed || (ctx.db.multiInstance && !ctx.db.isLeader())) return;
    checkQuota(ctx, estimate).catch((error) => console.warn('[worker] quota check failed', error));
  };
  const first = setTimeout(run, FIRST_QUOTA_CHECK_MS);
  const timer = setInterval(run, QUOTA_CHECK_INTERVAL_MS);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
