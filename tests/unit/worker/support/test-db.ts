import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { defaultConfig, type WorkerConfig } from '../../../../worker/config.ts';
import { createContext, type WorkerContext } from '../../../../worker/context.ts';
import type { QuotaFaults } from '../../../support/quota-fault-storage.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { shopDbOpener } from '../../../support/open-shop-db.ts';

let counter = 0;

/** The shop database on fake-indexeddb, with ajv validation and the quota fault hook. */
export const openFakeIndexedDb = shopDbOpener({ indexedDB, IDBKeyRange });

/** A fresh shop database on fake-indexeddb; remove it in afterEach. */
export function openTestDatabase(multiInstance = false): Promise<{ db: ShopDatabase; faults: QuotaFaults }> {
  return openFakeIndexedDb({ name: `test-${process.pid}-${Date.now()}-${counter++}`, multiInstance });
}

export interface TestContext extends WorkerContext {
  faults: QuotaFaults;
  /** Paths of the HTTP requests made so far ('/api/url/map', …). */
  requests: string[];
}

/** A worker context against `baseUrl` (the real test server, or a local failure-mode server). */
export async function openTestContext(
  baseUrl: string,
  overrides: { config?: Partial<WorkerConfig>; online?: boolean; now?: () => number } = {},
): Promise<TestContext> {
  const { db, faults } = await openTestDatabase();
  const config = { ...defaultConfig('nl', baseUrl), ...overrides.config };
  let online = overrides.online ?? true;
  const requests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    requests.push(new URL(String(input)).pathname);
    return fetch(input, init);
  };
  const http = createHttpClient({
    baseUrl,
    timeoutMs: config.httpTimeoutMs,
    isOnline: () => online,
    fetch: countingFetch,
  });
  const ctx = createContext({ db, http, config, online, now: overrides.now });
  ctx.online.subscribe((value) => (online = value));
  return Object.assign(ctx, { faults, requests });
}
