import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createShopDatabase } from '../../worker/db/create-database.ts';
import { resilientStorage } from '../../worker/db/resilient-storage.ts';
import { StorageHealth } from '../../worker/db/storage-health.ts';
import { quotaFaultStorage } from './quota-fault-storage.ts';
import type { OpenShopDb } from './storage-contract.ts';

/**
 * Opens the worker's shop database on the IndexedDB given (fake-indexeddb under node; the page's own in a browser when
 * none is given), through the worker's resilient storage, with ajv validation and the fault hook under it, as the
 * worker opens it in dev.
 */
export function shopDbOpener(indexedDb?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }): OpenShopDb {
  return async ({ name, multiInstance }) => {
    const { storage: faulty, faults } = quotaFaultStorage(getRxStorageDexie(indexedDb ?? {}));
    const storage = resilientStorage({ storage: faulty, health: new StorageHealth() });
    const db = await createShopDatabase({ storage: storage.storage, name, multiInstance, validate: true });
    return { db, faults, storage };
  };
}
