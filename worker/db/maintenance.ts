import type { ShopDatabase } from '../../schemas/index.ts';
import type { WorkerEvents } from '../events.ts';
import { purgeCaches } from './quota.ts';

interface Ctx {
  db: ShopDatabase;
  events: WorkerEvents;
  config: { cacheTtlSeconds: number };
  now(): number;
}

/** Spec 001 §4 "A quota check runs every 30 seconds". */
export const QUOTA_CHECK_INTERVAL_MS = 30_000;
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
 * One quota check: expired entries go; when the origin is still above the high-water mark the caches are purged
 * (the shopper's own data — cart, wishlist, tasks, orders, kv — always stays).
 */
export async function checkQuota(ctx: Ctx, estimate?: StorageEstimate): Promise<'ok' | 'purged'> {
  await purgeExpired(ctx);
  if (!estimate) return 'ok';
  const { usage, quota } = await estimate();
  if (!usage || !quota || usage / quota < QUOTA_HIGH_WATER) return 'ok';
  await purgeCaches(ctx.db);
  ctx.events.emit('quota-purge');
  return 'purged';
}

/** Runs the quota check every 30 s on the leader only (one tab is enough for a shared database). */
export function startStorageMaintenance(ctx: Ctx, estimate?: StorageEstimate): () => void {
  const timer = setInterval(() => {
    if (ctx.db.closed || (ctx.db.multiInstance && !ctx.db.isLeader())) return;
    checkQuota(ctx, estimate).catch((error) => console.warn('[worker] quota check failed', error));
  }, QUOTA_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
