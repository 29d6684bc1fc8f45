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
import { MigrationProgressHub } from './db/migration-progress.ts';
import { createHttpClient } from './http/client.ts';

declare const self: DedicatedWorkerGlobalScope;

/** What the pages hear of a schema migration while the database opens (docs/offline-and-storage.md). */
const migration = new MigrationProgressHub();

async function start(): Promise<Omit<ShopWorkerApi, 'watchDeviceUpdate'>> {
  const storeCode = self.name.endsWith('-be') ? 'be' : 'nl';
  const config = defaultConfig(storeCode);
  const { db, storage } = await openDeviceDatabase(storeCode, {
    migration: { onProgress: (progress) => migration.report(progress) },
  }).finally(() => migration.opened());
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

// Commands may arrive before the database is open: every call waits for it, except the watch of its migration.
const apiPromise = start();
const exposed = new Proxy({} as ShopWorkerApi, {
  get(_target, property) {
    if (property === 'then') return undefined;
    if (property === 'watchDeviceUpdate') {
      return async (...[onProgress]: Parameters<ShopWorkerApi['watchDeviceUpdate']>) =>
        migration.watch(onProgress, () => (onProgress as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy]?.());
    }
    return async (...args: unknown[]) => {
      const api = await apiPromise;
      const member = api[property as keyof typeof api] as unknown;
      if (typeof member !== 'function') throw new Error(`No such worker command: ${String(property)}`);
      return (member as (...a: unknown[]) => unknown).apply(api, args);
    };
  },
});
Comlink.expose(exposed);
