import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { defaultConfig, type WorkerConfig } from '../../../../worker/config.ts';
import { createContext, type WorkerContext } from '../../../../worker/context.ts';
import type { QuotaFaults } from '../../../support/quota-fault-storage.ts';
import type { ResilientStorage } from '../../../../worker/db/resilient-storage.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { shopDbOpener } from '../../../support/open-shop-db.ts';
import { useTestServer } from '../../../support/server-suite.ts';
import type { TestServer } from '../../../support/test-server.ts';

let counter = 0;

/** The shop database on fake-indexeddb, with ajv validation and the quota fault hook. */
export const openFakeIndexedDb = shopDbOpener({ indexedDB, IDBKeyRange });

/** A fresh shop database on fake-indexeddb; remove it in afterEach. */
export function openTestDatabase(
  multiInstance = false,
): Promise<{ db: ShopDatabase; faults: QuotaFaults; storage: ResilientStorage }> {
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
  const { db, faults, storage } = await openTestDatabase();
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
  const ctx = createContext({ db, storage, http, config, online, now: overrides.now });
  ctx.online.subscribe((value) => (online = value));
  return Object.assign(ctx, { faults, requests });
}

/**
 * The setup the worker's context suites share: one seeded test server for the file and a fresh context per test
 * against it (removed after each test). `server()` and `open()` are valid inside tests.
 */
export function contextSuite(products: number): {
  server: () => TestServer;
  open: (overrides?: Parameters<typeof openTestContext>[1]) => Promise<TestContext>;
} {
  let server: TestServer | undefined;
  let ctx: TestContext | undefined;
  useTestServer({ products }, (started) => void (server = started), 180_000);
  afterEach(async () => {
    await ctx?.db.remove();
    ctx = undefined;
  });
  return {
    server: () => server!,
    open: async (overrides) => (ctx = await openTestContext(server!.baseUrl, overrides)),
  };
}
