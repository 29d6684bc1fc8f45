import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { collections, type ShopCollections, type ShopDatabase } from '../../../../schemas/index.ts';

addRxPlugin(RxDBLeaderElectionPlugin);

/**
 * A shop database on fake-indexeddb with schema validation, one per test (unique name) so tests stay independent.
 */
export async function openTestDatabase(name = `t${randomUUID().replaceAll('-', '')}`): Promise<ShopDatabase> {
  const db = await createRxDatabase<ShopCollections>({
    name,
    storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB, IDBKeyRange }) }),
    multiInstance: true,
  });
  await db.addCollections(collections);
  return db;
}
