import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createShopDatabase } from '../../worker/db/create-database.ts';
import { quotaFaultStorage } from './quota-fault-storage.ts';
import type { OpenShopDb } from './storage-contract.ts';

/**
 * Opens the worker's shop database on the IndexedDB given (fake-indexeddb under node; the page's own in a browser when
 * none is given), with ajv validation and the quota fault hook, as the worker opens it in dev.
 */
export function shopDbOpener(indexedDb?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }): OpenShopDb {
  return async ({ name, multiInstance }) => {
    const { storage, faults } = quotaFaultStorage(getRxStorageDexie(indexedDb ?? {}));
    const db = await createShopDatabase({ storage, name, multiInstance, validate: true });
    return { db, faults };
  };
}
