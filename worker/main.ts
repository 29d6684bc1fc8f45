/// <reference lib="webworker" />
/**
 * The Web Worker entry: opens the shop database, builds the context and exposes the typed API with comlink. Only
 * this bundle carries RxDB, Dexie and ajv (docs/architecture.md "The main thread stays light").
 */
import * as Comlink from 'comlink';
import { createShopWorkerApi } from './api-impl.ts';
import type { ShopWorkerApi } from './api-types.ts';
import { defaultConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDeviceDatabase } from './db/device-database.ts';
import { startStorageMaintenance } from './db/maintenance.ts';
import { createHttpClient } from './http/client.ts';

declare const self: DedicatedWorkerGlobalScope;

async function start(): Promise<ShopWorkerApi> {
  const storeCode = self.name.endsWith('-be') ? 'be' : 'nl';
  const config = defaultConfig(storeCode);
  const { db, storage } = await openDeviceDatabase(storeCode);
  let online = self.navigator.onLine;
  const http = createHttpClient({
    baseUrl: config.apiBase,
    timeoutMs: config.httpTimeoutMs,
    isOnline: () => online,
    appVersion: config.appVersion,
  });
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
