import { afterEach, describe, expect, it } from 'vitest';
import { PRESERVED_COLLECTIONS, type ShopDatabase } from '../../../schemas/index.ts';
import { WorkerEvents } from '../../../worker/events.ts';
import { checkQuota, purgeExpired } from '../../../worker/db/maintenance.ts';
import { isQuotaError, withQuotaRetry } from '../../../worker/db/quota.ts';
import type { QuotaFaults } from '../../support/quota-fault-storage.ts';
import { openTestDatabase } from './test-db.ts';

let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.remove();
  db = undefined;
});

async function open(multiInstance = false): Promise<{ db: ShopDatabase; faults: QuotaFaults }> {
  const opened = await openTestDatabase(multiInstance);
  db = opened.db;
  return opened;
}

async function fillEveryCollection(database: ShopDatabase): Promise<void> {
  const now = Date.now();
  await database.products.insert({ sku: 'P1', id: 1, url_path: 'p1', type_id: 'simple', parent_sku: 'P1', doc: { id: 1, sku: 'P1', name: 'Pak', type_id: 'simple', status: 1, visibility: 4 }, cached_at: now });
  await database.categories.insert({ id: '21', parent_id: 2, url_path: 'pakken', doc: { id: 21, parent_id: 2, name: 'Pakken' }, cached_at: now });
  await database.url_map.insert({ url: '/pakken', type: 'category', route: { name: 'category', params: { url_path: 'pakken' } }, cached_at: now });
  await database.cache.insert({ key: 'story:home', value: { a: 1 }, expires_at: now + 1000, cached_at: now });
  await database.cart_items.insert({ local_id: 'c1', sku: 'P1', qty: 1, added_at: now, updated_at: now });
  await database.wishlist_items.insert({ key: 'P1', sku: 'P1', qty: 1, added_at: now });
  await database.sync_tasks.insert({ task_id: 't1', url: '/api/ext/shop/cart/update', method: 'POST', transmited: false, created_at: now, attempts: 0, silent: false, kind: 'cart-update' });
  await database.orders.insert({ order_id: 'o1', payload: {}, transmited: false, created_at: now });
  await database.kv.insert({ key: 'nav_path', value: ['/'], updated_at: now });
}

describe('shop database', () => {
  it('opens every collection of schemas/ and stays under the 13-collection limit', async () => {
    const { db } = await open();
    expect(Object.keys(db.collections).sort()).toEqual(
      ['cache', 'cart_items', 'categories', 'kv', 'orders', 'products', 'sync_tasks', 'url_map', 'wishlist_items'].sort(),
    );
    expect(Object.keys(db.collections).length).toBeLessThanOrEqual(13);
  });

  it('validates writes against the schema with ajv (dev and tests)', async () => {
    const { db } = await open();
    await expect(db.cart_items.insert({ local_id: 'x', sku: 'A' } as never)).rejects.toThrow();
  });

  it('recognises a storage quota error however it is wrapped', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'RxError', parameters: { error: { name: 'QuotaExceededError' } } })).toBe(true);
    expect(isQuotaError({ inner: { code: 22 } })).toBe(true);
    expect(isQuotaError(new Error('constraint failed'))).toBe(false);
  });
});

describe('spec 001 §4 offline cache: a quota error clears all non-preserved collections and retries the write', () => {
  it('purges caches, url map, products and categories, keeps cart, wishlist, tasks, orders and kv, then retries once', async () => {
    const { db, faults } = await open();
    await fillEveryCollection(db);
    const events = new WorkerEvents();
    let purgeEvents = 0;
    events.on('quota-purge', () => purgeEvents++);

    faults.failNextWrites(1, 'cache');
    await withQuotaRetry({ db, events }, () =>
      db.cache.upsert({ key: 'story:footer', value: {}, expires_at: Date.now() + 1000, cached_at: Date.now() }),
    );

    expect(faults.failedWrites).toBe(1);
    expect(purgeEvents).toBe(1);
    expect(await db.products.count().exec()).toBe(0);
    expect(await db.categories.count().exec()).toBe(0);
    expect(await db.url_map.count().exec()).toBe(0);
    // The retried write landed; the old cache entry is gone.
    expect((await db.cache.find().exec()).map((d) => d.key)).toEqual(['story:footer']);
    for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
  });

  it('a second quota error on the retry is rethrown, not retried forever', async () => {
    const { db, faults } = await open();
    faults.failNextWrites(2, 'url_map');
    await expect(
      withQuotaRetry({ db, events: new WorkerEvents() }, () =>
        db.url_map.upsert({ url: '/x', type: 'route', route: { name: 'x', params: {} }, cached_at: 1 }),
      ),
    ).rejects.toSatisfy(isQuotaError);
    expect(faults.failedWrites).toBe(2);
  });

  it('errors that are not quota errors are not swallowed and purge nothing', async () => {
    const { db } = await open();
    await fillEveryCollection(db);
    await expect(withQuotaRetry({ db, events: new WorkerEvents() }, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await db.products.count().exec()).toBe(1);
  });
});

describe('DESIGN.md one sync engine per origin', () => {
  it('the database runs leader election, so only the leader tab runs the queue', async () => {
    const { db } = await open(true);
    expect(db.multiInstance).toBe(true);
    expect(await db.waitForLeadership()).toBe(true);
    expect(db.isLeader()).toBe(true);
  });
});

describe('spec 001 §4 quota check every 30 seconds', () => {
  it('removes entries past the TTL of 86 400 s and expired cache entries, keeps fresh ones and the shopper data', async () => {
    const { db } = await open();
    await fillEveryCollection(db);
    const now = Date.now();
    await db.products.insert({ sku: 'OLD', id: 2, url_path: 'old', type_id: 'simple', parent_sku: 'OLD', doc: { id: 2, sku: 'OLD', name: 'Oud', type_id: 'simple', status: 1, visibility: 4 }, cached_at: now - 86_400_001 });
    await db.cache.insert({ key: 'expired', value: 1, expires_at: now - 1, cached_at: now - 10 });
    const ctx = { db, events: new WorkerEvents(), config: { cacheTtlSeconds: 86_400 }, now: () => now };
    expect(await purgeExpired(ctx)).toBe(2);
    expect(await db.products.findOne('P1').exec()).not.toBeNull();
    expect(await db.cache.findOne('story:home').exec()).not.toBeNull();
    for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
  });

  it('over the quota high-water mark the caches are purged; below it nothing else goes', async () => {
    const { db } = await open();
    await fillEveryCollection(db);
    const ctx = { db, events: new WorkerEvents(), config: { cacheTtlSeconds: 86_400 }, now: () => Date.now() };
    expect(await checkQuota(ctx, async () => ({ usage: 10, quota: 100 }))).toBe('ok');
    expect(await db.products.count().exec()).toBe(1);
    expect(await checkQuota(ctx, async () => ({ usage: 95, quota: 100 }))).toBe('purged');
    expect(await db.products.count().exec()).toBe(0);
    expect(await db.url_map.count().exec()).toBe(0);
    for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
  });
});
