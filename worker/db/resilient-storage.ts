/* eslint-disable @typescript-eslint/no-explicit-any -- a storage wrapper passes every document type through */
import type { RxDocumentData, RxStorage } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { first } from 'rxjs';
import { PURGE_BATCH } from '../../domain/storage/cache-limits.ts';
import { ResilientInstance } from './resilient-instance.ts';
import type { StorageHealth } from './storage-health.ts';

type AnyDoc = RxDocumentData<any>;

/**
 * The caches that may be purged, with the field that tells when an entry was last used: catalogue answers are
 * network first, so every use while online writes the entry again and `cached_at` is its last use (spec 001 §4
 * "purged least recently used first"). Everything else is never purged and is kept in memory as well: the shopper's
 * data (cart, wishlist, tasks, orders, kv with user and session), RxDB's metadata, and the category tree, which the
 * side menu renders from the device and which is small — purging it would leave a menu missing categories.
 */
const PURGEABLE: Record<string, string> = {
  products: 'cached_at',
  url_map: 'cached_at',
  cache: 'cached_at',
};

/** What the worker does with its storage besides reading and writing: purge, estimate and write back. */
export interface ResilientStorage {
  storage: RxStorage<any, any>;
  health: StorageHealth;
  /** Removes up to PURGE_BATCH cache entries, least recently used first; returns how many. */
  purgeLeastRecentlyUsed(trigger: 'quota-check' | 'quota-error'): Promise<number>;
  /** The spec's size estimate of every stored document (bytes). */
  estimateStoredSize(): Promise<number>;
  /** Memory mode: writes what memory holds of the shopper's data to persistent storage; true when it all landed. */
  writeBack(): Promise<boolean>;
}

/**
 * Spec 001 §4 "Offline cache" as an RxStorage wrapper around the persistent storage (Dexie on IndexedDB), so every
 * collection gets it and RxDB above sees one storage:
 * - every read answers within 800 ms and every iteration within 2 s, or it is a timeout: logged once, the storage
 *   instance is recreated and the error counter of `health` increments;
 * - the shopper's collections are mirrored in an RxDB memory storage as they are written; after 1 read error or 30
 *   write errors (or when IndexedDB cannot be opened at all) every call goes to memory for the rest of the session,
 *   and the call that failed completes from memory instead of failing or hanging;
 * - a quota error on a write purges 100 cache entries (least recently used first) and retries it, until it lands or
 *   nothing is left to purge; a write is never dropped: if the disk keeps refusing it, it completes in memory.
 */
export function resilientStorage(options: { storage: RxStorage<any, any>; health: StorageHealth }): ResilientStorage {
  const { health } = options;
  const memoryStorage = getRxStorageMemory();
  const instances = new Set<ResilientInstance>();

  async function purgeLeastRecentlyUsed(trigger: 'quota-check' | 'quota-error'): Promise<number> {
    const candidates: { instance: ResilientInstance; doc: AnyDoc; usedAt: number }[] = [];
    for (const instance of instances) {
      const field = PURGEABLE[instance.collectionName];
      if (!field) continue;
      const docs = await instance.oldestDocuments(field, PURGE_BATCH);
      for (const doc of docs) candidates.push({ instance, doc, usedAt: Number(doc[field]) || 0 });
    }
    candidates.sort((a, b) => a.usedAt - b.usedAt);
    const chosen = candidates.slice(0, PURGE_BATCH);
    for (const instance of instances) {
      const docs = chosen.filter((c) => c.instance === instance).map((c) => c.doc);
      if (docs.length > 0) await instance.removeDocuments(docs);
    }
    health.recordPurge(chosen.length, trigger);
    return chosen.length;
  }

  async function estimateStoredSize(): Promise<number> {
    let bytes = 0;
    for (const instance of instances) bytes += await instance.estimateSize();
    return bytes;
  }

  async function writeBack(): Promise<boolean> {
    if (!health.memoryOnly) return true;
    for (const instance of instances) if (!(await instance.writeBack())) return false;
    health.recordWriteBack();
    return true;
  }

  // A switch mid-session may leave the disk holding part of the shopper's data (what reconnects wrote before it, such
  // as the cart's server id without its lines): memory is written back at once, not only by the 30-second check, so
  // the next page's worker does not start from half a cart.
  health.status$.pipe(first((status) => status.mode === 'memory')).subscribe(() => {
    if (instances.size > 0) void writeBack().catch(() => false);
  });

  const storage: RxStorage<any, any> = {
    name: `resilient-${options.storage.name}`,
    rxdbVersion: options.storage.rxdbVersion,
    async createStorageInstance(params) {
      const memory = await memoryStorage.createStorageInstance({
        ...params,
        // One memory state per opened instance: a database reopened under its name starts from what disk holds.
        databaseName: `${params.databaseName}-memory-${crypto.randomUUID()}`,
        multiInstance: false,
      });
      const mirrored = !(params.collectionName in PURGEABLE);
      const instance = new ResilientInstance(options.storage, params, memory, health, purgeLeastRecentlyUsed, mirrored);
      await instance.open();
      instances.add(instance);
      instance.onClose = () => instances.delete(instance);
      return instance;
    },
  };
  return { storage, health, purgeLeastRecentlyUsed, estimateStoredSize, writeBack };
}
