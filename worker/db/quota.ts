import { PRESERVED_COLLECTIONS, type ShopCollections, type ShopDatabase } from '../../schemas/index.ts';
import type { WorkerEvents } from '../events.ts';

/**
 * True for a browser storage quota error, however deep RxDB or Dexie wrapped it (DOMException QuotaExceededError,
 * Dexie.QuotaExceededError, legacy code 22, Firefox NS_ERROR_DOM_QUOTA_REACHED).
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    inner?: unknown;
    cause?: unknown;
    parameters?: { error?: unknown; errors?: unknown[] };
  };
  if (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22) return true;
  if (typeof e.message === 'string' && /quota/i.test(e.message)) return true;
  return (
    isQuotaError(e.inner, depth + 1) ||
    isQuotaError(e.cause, depth + 1) ||
    isQuotaError(e.parameters?.error, depth + 1) ||
    (Array.isArray(e.parameters?.errors) && e.parameters.errors.some((inner) => isQuotaError(inner, depth + 1)))
  );
}

/** Spec 001 §4 "Offline cache": a quota error clears all non-preserved collections (the caches, the URL map). */
export async function purgeCaches(db: ShopDatabase): Promise<string[]> {
  const purged: string[] = [];
  for (const name of Object.keys(db.collections) as (keyof ShopCollections)[]) {
    if (PRESERVED_COLLECTIONS.includes(name)) continue;
    const collection = db.collections[name];
    await collection.find().remove();
    // Removed documents stay as tombstones until cleaned up; free the space now.
    await collection.storageInstance.cleanup(0);
    purged.push(name);
  }
  return purged;
}

/**
 * Runs a write; on a storage quota error purges the caches (and tells the areas, so the in-memory URL map goes too)
 * and retries the write once. A second quota error is rethrown.
 */
export async function withQuotaRetry<T>(
  ctx: { db: ShopDatabase; events: WorkerEvents },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    await purgeCaches(ctx.db);
    ctx.events.emit('quota-purge');
    return write();
  }
}
