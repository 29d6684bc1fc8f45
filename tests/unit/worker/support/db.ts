import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { collections, type ShopCollections, type ShopDatabase } from '../../../../schemas/index.ts';

addRxPlugin(RxDBLeaderElectionPlugin);
// collections with a schema version above 0 declare migration strategies (schemas/cart-items.ts)
addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * A shop database on fake-indexeddb with schema validation, one per test (unique name) so tests stay independent.
 * `only` opens a subset of the collections: RxDB allows 13 open collections per realm, so tests that run several
 * engines at once open just what the sync engine uses (SYNC_COLLECTIONS).
 */
export async function openTestDatabase(
  name = `t${randomUUID().replaceAll('-', '')}`,
  only?: ReadonlyArray<keyof typeof collections>,
): Promise<ShopDatabase> {
  const db = await createRxDatabase<ShopCollections>({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
    multiInstance: true,
  });
  await db.addCollections(only ? Object.fromEntries(only.map((c) => [c, collections[c]])) : collections);
  return db;
}

/** The collections the sync engine touches (queue, cart, session, checkout). */
export const SYNC_COLLECTIONS = ['sync_tasks', 'cart_items', 'kv', 'orders', 'wishlist_items'] as const;
