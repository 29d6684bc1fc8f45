/// <reference lib="webworker" />
/**
 * The Web Worker entry: opens the shop database, builds the context and exposes the typed API with comlink. Only
 * this bundle carries RxDB, Dexie and ajv (docs/architecture.md "The main thread stays light").
 */
import * as Comlink from 'comlink';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createShopWorkerApi } from './api-impl.ts';
import type { ShopWorkerApi } from './api-types.ts';
import { defaultConfig } from './config.ts';
import { createContext } from './context.ts';
import { createShopDatabase } from './db/create-database.ts';
import { startStorageMaintenance } from './db/maintenance.ts';
import { resilientStorage } from './db/resilient-storage.ts';
import { StorageHealth } from './db/storage-health.ts';
import { createHttpClient } from './http/client.ts';

declare const self: DedicatedWorkerGlobalScope;

async function start(): Promise<ShopWorkerApi> {
  const storeCode = self.name.endsWith('-be') ? 'be' : 'nl';
  const config = defaultConfig(storeCode);
  // IndexedDB missing, blocked, failing or hanging never stops the shop: the resilient storage answers from memory
  // (spec 001 §4 "Offline cache").
  const storage = resilientStorage({ storage: getRxStorageDexie(), health: new StorageHealth() });
  const db = await createShopDatabase({
    storage: storage.storage,
    name: `ofm-shop-${storeCode}`,
    multiInstance: true,
    validate: import.meta.env.DEV,
  });
  let online = self.navigator.onLine;
  const http = createHttpClient({ baseUrl: config.apiBase, timeoutMs: config.httpTimeoutMs, isOnline: () => online });
  const ctx = createContext({ db, storage, http, config, online });
  ctx.online.subscribe((value) => (online = value));
  self.addEventListener('online', () => ctx.online.next(true));
  self.addEventListener('offline', () => ctx.online.next(false));
  const browserStorage = self.navigator.storage;
  startStorageMaintenance(ctx, browserStorage?.estimate ? () => browserStorage.estimate() : undefined);
  return createShopWorkerApi(ctx);
}

// Commands may arrive before the database is open: every call waits for it.
const apiPromise = start();
const exposed = new Proxy({} as ShopWorkerApi, {
  get(_target, property) {
    if (property === 'then') return undefined;
    return async (...args: unknown[]) => {
      const api = await apiPromise;
      const member = api[property as keyof ShopWorkerApi] as unknown;
      if (typeof member !== 'function') throw new Error(`No such worker command: ${String(property)}`);
      return (member as (...a: unknown[]) => unknown).apply(api, args);
    };
  },
});
Comlink.expose(exposed);
