import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import type { ShopNotification } from '../../../../worker/api-types.ts';
import { defaultConfig } from '../../../../worker/config.ts';
import { createContext } from '../../../../worker/context.ts';
import { coreApi, MEMORY_ONLY_NOTICE } from '../../../../worker/core/index.ts';
import { createShopDatabase } from '../../../../worker/db/create-database.ts';
import { resilientStorage, type ResilientStorage } from '../../../../worker/db/resilient-storage.ts';
import { StorageHealth } from '../../../../worker/db/storage-health.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { quotaFaultStorage, type QuotaFaults } from '../../../support/quota-fault-storage.ts';
import {
  ITERATION_TIMEOUT_MS,
  MAX_WRITE_ERRORS,
  READ_WRITE_TIMEOUT_MS,
} from '../../../../domain/storage/cache-limits.ts';

let counter = 0;
const opened: ShopDatabase[] = [];

/** The worker's database on fake-indexeddb through the resilient storage, with the fault hook under it. */
async function open(
  name = `resilient-${process.pid}-${Date.now()}-${counter++}`,
  indexedDb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange } = { indexedDB, IDBKeyRange },
  before?: (faults: QuotaFaults) => void,
): Promise<{ db: ShopDatabase; faults: QuotaFaults; storage: ResilientStorage; name: string }> {
  const { storage: faulty, faults } = quotaFaultStorage(getRxStorageDexie(indexedDb));
  before?.(faults);
  const storage = resilientStorage({ storage: faulty, health: new StorageHealth() });
  const db = await createShopDatabase({ storage: storage.storage, name, multiInstance: false, validate: true });
  opened.push(db);
  return { db, faults, storage, name };
}

const line = (id: string, qty = 1) => ({ local_id: id, sku: `SKU-${id}`, qty, added_at: 1, updated_at: 1 });

afterEach(async () => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) if (!db.closed) await db.remove().catch(() => undefined);
});

describe('spec 001 §4 offline cache › error counters and the memory fallback', () => {
  it('one read error turns persistent storage off; the read answers from memory, the cart is intact', async () => {
    const { db, faults, storage } = await open();
    await db.cart_items.bulkInsert([line('a', 2), line('b')]);
    faults.breakNextReads(1, 'cart_items');
    const lines = await db.cart_items.find({ sort: [{ added_at: 'asc' }, { local_id: 'asc' }] }).exec();
    expect(lines.map((l) => `${l.local_id}:${l.qty}`)).toEqual(['a:2', 'b:1']);
    expect(storage.health.status).toMatchObject({ mode: 'memory', readErrors: 1 });
    // The rest of the session runs from memory: changes keep working.
    await (await db.cart_items.findOne('a').exec())!.incrementalPatch({ qty: 5 });
    await db.cart_items.insert(line('c'));
    expect((await db.cart_items.findOne('a').exec())!.qty).toBe(5);
    expect(await db.cart_items.count().exec()).toBe(3);
  });

  it('29 write errors keep persistent storage (each write retried until it lands); the 30th switches to memory, the write is kept', async () => {
    const { db, faults, storage } = await open();
    faults.breakNextWrites(MAX_WRITE_ERRORS - 1, 'cart_items');
    await db.cart_items.insert(line('a'));
    expect(storage.health.status).toMatchObject({ mode: 'persistent', writeErrors: MAX_WRITE_ERRORS - 1 });
    faults.breakNextWrites(Infinity, 'cart_items');
    await db.cart_items.insert(line('b'));
    expect(storage.health.status).toMatchObject({ mode: 'memory', writeErrors: MAX_WRITE_ERRORS });
    expect((await db.cart_items.find().exec()).map((l) => l.local_id).sort()).toEqual(['a', 'b']);
  });

  it('in memory mode the app hears the Dutch notice once per subscriber, also when the switch happened before it subscribed', async () => {
    const { db, faults, storage } = await open();
    const http = createHttpClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 100, isOnline: () => false });
    const ctx = createContext({ db, storage, http, config: defaultConfig('nl', 'http://127.0.0.1:9'), online: false });
    const api = coreApi(ctx);
    const early: ShopNotification[] = [];
    await api.subscribe({ name: 'notifications' }, (n) => void early.push(n as ShopNotification));
    expect(early).toEqual([]);
    faults.breakNextReads(1, 'kv');
    await db.kv.findOne('current-user').exec();
    const late: ShopNotification[] = [];
    await api.subscribe({ name: 'notifications' }, (n) => void late.push(n as ShopNotification));
    for (const seen of [early, late]) {
      expect(seen.map((n) => n.messageKey)).toEqual([MEMORY_ONLY_NOTICE]);
      expect(seen[0]).toMatchObject({ type: 'warning', hasNoTimeout: true });
    }
    const statuses: unknown[] = [];
    await api.subscribe({ name: 'storage' }, (s) => void statuses.push(s));
    expect(statuses.at(-1)).toMatchObject({ mode: 'memory', readErrors: 1 });
  });
});

describe('spec 001 §4 offline cache › calls that do not answer', () => {
  it('a hanging read answers from memory after 800 ms, is logged once and counted; the database is recreated', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, faults, storage } = await open();
    await db.cart_items.insert(line('a', 3));
    faults.hang('read', 'cart_items');
    const started = Date.now();
    // Not in RxDB's document cache, so this asks the storage by id: a read with its 800 ms limit.
    expect(await db.cart_items.findOne('never-added').exec()).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(READ_WRITE_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(ITERATION_TIMEOUT_MS);
    expect(storage.health.status).toMatchObject({ mode: 'memory', timeouts: 1, readErrors: 1 });
    // An iteration now runs on memory, which holds the cart.
    expect((await db.cart_items.find({ selector: { qty: { $gt: 0 } } }).exec()).map((l) => l.qty)).toEqual([3]);
    const logged = warn.mock.calls.filter(([message]) => String(message).includes('the database is recreated'));
    expect(logged).toHaveLength(1);
  });

  it('a hanging iteration answers from memory after 2 s', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, faults, storage } = await open();
    await db.cart_items.insert(line('a', 3));
    faults.hang('read', 'cart_items');
    const started = Date.now();
    expect(await db.cart_items.count({ selector: { qty: { $gt: 1 } } }).exec()).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ITERATION_TIMEOUT_MS - 50);
    expect(storage.health.status).toMatchObject({ mode: 'memory', timeouts: 1 });
  });

  it('a hanging write completes from memory instead of hanging, and the shopper data stays readable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, faults, storage } = await open();
    await db.cart_items.insert(line('a'));
    faults.hang('write', 'cart_items');
    const started = Date.now();
    await db.cart_items.insert(line('b', 4));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(storage.health.status.mode).toBe('memory');
    expect(storage.health.status.timeouts).toBeGreaterThanOrEqual(1);
    expect((await db.cart_items.find().exec()).map((l) => `${l.local_id}:${l.qty}`).sort()).toEqual(['a:1', 'b:4']);
  });
});

describe('spec 001 §4 offline cache › IndexedDB unavailable', () => {
  it('an IndexedDB whose open fails: the database opens in memory and the cart works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = {
      open() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    };
    const { db, storage } = await open(undefined, { indexedDB: broken as unknown as IDBFactory, IDBKeyRange });
    expect(storage.health.status.mode).toBe('memory');
    await db.cart_items.insert(line('a', 2));
    expect((await db.cart_items.findOne('a').exec())?.qty).toBe(2);
  });

  it('an IndexedDB whose open never answers: the database opens in memory within seconds and the cart works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hanging = { open: () => ({}) as IDBOpenDBRequest };
    const started = Date.now();
    const { db, storage } = await open(undefined, { indexedDB: hanging as unknown as IDBFactory, IDBKeyRange });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(storage.health.status.mode).toBe('memory');
    await db.cart_items.insert(line('a'));
    expect(await db.cart_items.count().exec()).toBe(1);
  });
});

describe('spec 001 §4 offline cache › a connection closed under the worker (docs/offline-and-storage.md)', () => {
  it("Chromium's 'The connection was closed.' on a read: the database is reopened, the read answers, storage stays on disk", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, faults, storage } = await open();
    await db.cart_items.bulkInsert([line('a', 2), line('b')]);
    faults.loseConnectionOnNextReads(1, 'cart_items');
    expect(await db.cart_items.count().exec()).toBe(2);
    expect(storage.health.status).toMatchObject({ mode: 'persistent', readErrors: 0 });
  });

  it('the same on the first read at start: the database opens on disk, not in memory', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, storage } = await open(undefined, undefined, (faults) => faults.loseConnectionOnNextReads(1, 'kv'));
    expect(storage.health.status).toMatchObject({ mode: 'persistent', readErrors: 0 });
    await db.cart_items.insert(line('a'));
    expect(await db.cart_items.count().exec()).toBe(1);
  });

  it('a connection that is closed again while the browser is still clearing: reopened after a pause, storage stays on disk', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, faults, storage } = await open();
    await db.cart_items.insert(line('a'));
    faults.loseConnectionOnNextReads(3, 'cart_items');
    expect(await db.cart_items.count().exec()).toBe(1);
    expect(storage.health.status).toMatchObject({ mode: 'persistent', readErrors: 0 });
  });

  it('a connection that cannot be reopened counts: one read error turns persistent storage off, memory answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { db, faults, storage } = await open();
    await db.cart_items.insert(line('a'));
    faults.loseConnectionOnNextReads(Infinity, 'cart_items');
    expect(await db.cart_items.count().exec()).toBe(1);
    expect(storage.health.status).toMatchObject({ mode: 'memory', readErrors: 1 });
  });
});

describe('spec 001 §4 offline cache › written back when storage works again', () => {
  it('what memory holds is written to disk by the write-back, so the next start finds it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await open();
    await first.db.cart_items.bulkInsert([line('a'), line('gone')]);
    first.faults.breakNextWrites(Infinity, 'cart_items');
    await first.db.cart_items.insert(line('b', 2));
    await (await first.db.cart_items.findOne('gone').exec())!.incrementalRemove();
    expect(first.storage.health.memoryOnly).toBe(true);
    // Storage still refuses: the write-back says so and keeps memory as it is.
    expect(await first.storage.writeBack()).toBe(false);
    first.faults.heal();
    expect(await first.storage.writeBack()).toBe(true);
    expect(first.storage.health.status.writtenBackAt).not.toBeNull();
    await first.db.close();

    const next = await open(first.name);
    expect(next.storage.health.memoryOnly).toBe(false);
    expect((await next.db.cart_items.find().exec()).map((l) => `${l.local_id}:${l.qty}`).sort()).toEqual([
      'a:1',
      'b:2',
    ]);
  });
});
