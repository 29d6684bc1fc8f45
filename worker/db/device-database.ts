import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { StoreCode } from '../../domain/store-view.ts';
import type { ShopDatabase } from '../../schemas/index.ts';
import { createShopDatabase, type ShopDatabaseOptions } from './create-database.ts';
import { openAgainWhenLost } from './reopen-after-loss.ts';
import { resilientStorage, type ResilientStorage } from './resilient-storage.ts';
import { StorageHealth } from './storage-health.ts';

/**
 * The device's shop database of one store, as every context that sends the queue opens it: the tab's worker and the
 * service worker's Background Sync (docs/sync-engine.md "Background Sync"). IndexedDB missing, blocked, failing or
 * hanging never stops the shop: the resilient storage answers from memory (spec 001 §4 "Offline cache"). A schema
 * that moved is migrated first, its progress told to `options.migration` (docs/offline-and-storage.md "Schema
 * migrations").
 */
export async function openDeviceDatabase(
  storeCode: StoreCode,
  options: Pick<ShopDatabaseOptions, 'collections' | 'migration'> = {},
): Promise<{ db: ShopDatabase; storage: ResilientStorage }> {
  const health = new StorageHealth();
  const storage = resilientStorage({
    storage: getRxStorageDexie({ onCreate: openAgainWhenLost }),
    health,
  });
  const db = await createShopDatabase({
    ...options,
    storage: storage.storage,
    name: `ofm-shop-${storeCode}`,
    multiInstance: true,
    validate: import.meta.env.DEV,
    onMigrations: (outcomes) => health.recordMigrations(outcomes),
  });
  return { db, storage };
}
