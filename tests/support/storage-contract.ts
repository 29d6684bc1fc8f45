import { filter, firstValueFrom, timeout } from 'rxjs';
import { KV_KEYS, PRESERVED_COLLECTIONS, type ShopDatabase } from '../../schemas/index.ts';
import { checkQuota, purgeExpired } from '../../worker/db/maintenance.ts';
import type { QuotaFaults } from './quota-fault-storage.ts';
import { isQuotaError } from '../../worker/db/storage-errors.ts';
import type { ResilientStorage } from '../../worker/db/resilient-storage.ts';
import { expect } from './contract-expect.ts';

/**
 * The storage contract of the worker's database layer (`worker/db/`, `schemas/`): written once, run against every
 * RxStorage the worker may get — fake-indexeddb under vitest (tests/unit/worker/db/database.test.ts) and real IndexedDB
 * in Chromium (tests/e2e/storage-contract.test.ts). Each runner supplies only `openDb`.
 */
export type OpenShopDb = (options: {
  name: string;
  multiInstance: boolean;
}) => Promise<{ db: ShopDatabase; faults: QuotaFaults; storage: ResilientStorage }>;

export interface StorageCase {
  /** `describe › it` name, the same in every runner. */
  name: string;
  run(): Promise<void>;
}

interface Harness {
  /** Opens a database; every database opened in a case is removed when the case ends. */
  open(options?: {
    name?: string;
    multiInstance?: boolean;
  }): Promise<{ db: ShopDatabase; faults: QuotaFaults; storage: ResilientStorage }>;
  /** A fresh database name. */
  name(): string;
}

type Body = (h: Harness) => Promise<void>;

let counter = 0;

function harnessed(openDb: OpenShopDb, body: Body): () => Promise<void> {
  return async () => {
    const opened: ShopDatabase[] = [];
    const name = () => `contract-${Date.now()}-${counter++}`;
    const harness: Harness = {
      name,
      async open(options = {}) {
        const result = await openDb({ name: options.name ?? name(), multiInstance: options.multiInstance ?? false });
        opened.push(result.db);
        return result;
      },
    };
    try {
      await body(harness);
    } finally {
      for (const db of opened) if (!db.closed) await db.remove();
    }
  };
}

/** A cached simple product as the catalogue stores it. */
function cachedProduct(id: number, sku: string, name: string, cachedAt: number) {
  return {
    sku,
    id,
    url_path: sku.toLowerCase(),
    type_id: 'simple',
    parent_sku: sku,
    doc: { id, sku, name, type_id: 'simple', status: 1, visibility: 4 },
    cached_at: cachedAt,
  };
}

async function fillEveryCollection(database: ShopDatabase): Promise<void> {
  const now = Date.now();
  await database.products.insert(cachedProduct(1, 'P1', 'Pak', now));
  await database.categories.insert({
    id: '21',
    parent_id: 2,
    url_path: 'pakken',
    doc: { id: 21, parent_id: 2, name: 'Pakken' },
    cached_at: now,
  });
  await database.url_map.insert({
    url: '/pakken',
    type: 'category',
    route: { name: 'category', params: { url_path: 'pakken' } },
    cached_at: now,
  });
  await database.cache.insert({ key: 'story:home', value: { a: 1 }, expires_at: now + 1000, cached_at: now });
  await database.cart_items.insert({ local_id: 'c1', sku: 'P1', qty: 1, added_at: now, updated_at: now });
  await database.wishlist_items.insert({ key: 'P1', sku: 'P1', qty: 1, added_at: now });
  await database.sync_tasks.insert({
    task_id: 't1',
    url: '/api/ext/shop/cart/update',
    method: 'POST',
    transmited: false,
    created_at: now,
    attempts: 0,
    silent: false,
    kind: 'cart-update',
    payload_version: 1,
  });
  await database.orders.insert({ order_id: 'o1', payload: {}, transmited: false, created_at: now, payload_version: 1 });
  await database.kv.insert({ key: 'nav_path', value: ['/'], updated_at: now });
}

function cartItem(localId: string, addedAt: number, qty = 1) {
  return { local_id: localId, sku: `SKU-${localId}`, qty, added_at: addedAt, updated_at: addedAt };
}

const cases: Record<string, Body> = {
  'shop database › opens every collection of schemas/ and stays under the 13-collection limit': async (h) => {
    const { db } = await h.open();
    expect(Object.keys(db.collections).sort()).toEqual(
      [
        'cache',
        'cart_items',
        'categories',
        'kv',
        'orders',
        'products',
        'sync_tasks',
        'url_map',
        'wishlist_items',
      ].sort(),
    );
    expect(Object.keys(db.collections).length).toBeLessThanOrEqual(13);
  },

  'shop database › validates writes against the schema with ajv (dev and tests)': async (h) => {
    const { db } = await h.open();
    await expect(db.cart_items.insert({ local_id: 'x', sku: 'A' } as never)).rejects.toThrow();
  },

  'shop database › recognises a storage quota error however it is wrapped': async () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'RxError', parameters: { error: { name: 'QuotaExceededError' } } })).toBe(true);
    expect(isQuotaError({ inner: { code: 22 } })).toBe(true);
    expect(isQuotaError(new Error('constraint failed'))).toBe(false);
  },

  'collections › cart lines: insert, find in added order (the cart view), patch by id and remove': async (h) => {
    const { db } = await h.open();
    await db.cart_items.bulkInsert([cartItem('b', 200), cartItem('a', 100), cartItem('c', 300)]);
    const ordered = await db.cart_items.find({ sort: [{ added_at: 'asc' }] }).exec();
    expect(ordered.map((d) => d.local_id)).toEqual(['a', 'b', 'c']);
    const b = await db.cart_items.findOne('b').exec();
    await b!.incrementalModify((data) => ({ ...data, qty: 3, updated_at: 400 }));
    expect((await db.cart_items.findOne('b').exec())!.toJSON()).toMatchObject({
      qty: 3,
      updated_at: 400,
      sku: 'SKU-b',
    });
    await (await db.cart_items.findOne('a').exec())!.incrementalRemove();
    expect(await db.cart_items.findOne('a').exec()).toBeNull();
    expect(await db.cart_items.count().exec()).toBe(2);
  },

  'collections › upsert replaces a document by primary key, bulkUpsert writes many (catalogue caches)': async (h) => {
    const { db } = await h.open();
    await db.url_map.upsert({ url: '/x', type: 'route', route: { name: 'x', params: {} }, cached_at: 1 });
    await db.url_map.upsert({
      url: '/x',
      type: 'category',
      route: { name: 'category', params: { url_path: 'x' } },
      cached_at: 2,
    });
    expect(await db.url_map.count().exec()).toBe(1);
    expect((await db.url_map.findOne('/x').exec())!.toJSON()).toMatchObject({ type: 'category', cached_at: 2 });
    await db.categories.bulkUpsert([
      { id: '21', parent_id: 2, url_path: 'pakken', doc: { id: 21, parent_id: 2, name: 'Pakken' }, cached_at: 1 },
      { id: '22', parent_id: 2, url_path: 'jassen', doc: { id: 22, parent_id: 2, name: 'Jassen' }, cached_at: 1 },
      { id: '31', parent_id: 3, url_path: 'sokken', doc: { id: 31, parent_id: 3, name: 'Sokken' }, cached_at: 1 },
    ]);
    const children = await db.categories.find({ selector: { parent_id: 2 } }).exec();
    expect(children.map((d) => d.id).sort()).toEqual(['21', '22']);
    await db.products.bulkUpsert([
      {
        sku: 'P7',
        id: 7,
        url_path: 'p7',
        type_id: 'simple',
        parent_sku: 'P7',
        doc: { id: 7, sku: 'P7', name: 'Das', type_id: 'simple', status: 1, visibility: 4 },
        cached_at: 1,
      },
    ]);
    expect((await db.products.findOne({ selector: { id: 7 } }).exec())?.sku).toBe('P7');
  },

  'collections › the queue reads untransmitted tasks oldest first; a patched task leaves that query': async (h) => {
    const { db } = await h.open();
    const task = (id: string, created: number) => ({
      task_id: id,
      url: '/api/ext/shop/cart/update',
      method: 'POST',
      transmited: false,
      created_at: created,
      attempts: 0,
      silent: false,
      kind: 'cart-update',
      payload_version: 1,
    });
    await db.sync_tasks.bulkInsert([task('t2', 20), task('t1', 10), task('t3', 30)]);
    const pending = () => db.sync_tasks.find({ selector: { transmited: false }, sort: [{ created_at: 'asc' }] }).exec();
    expect((await pending()).map((d) => d.task_id)).toEqual(['t1', 't2', 't3']);
    await (await db.sync_tasks.findOne('t1').exec())!.incrementalPatch({ transmited: true });
    expect((await pending()).map((d) => d.task_id)).toEqual(['t2', 't3']);
    await db.orders.bulkInsert([
      { order_id: 'o1', payload: {}, transmited: false, created_at: 1, payload_version: 1 },
      { order_id: 'o2', payload: {}, transmited: false, created_at: 2, payload_version: 1 },
    ]);
    expect((await db.orders.find({ sort: [{ created_at: 'desc' }] }).exec()).map((d) => d.order_id)).toEqual([
      'o2',
      'o1',
    ]);
  },

  'collections › a live query emits the current result and again after every insert, change and removal': async (h) => {
    const { db } = await h.open();
    const query = db.cart_items.find({ sort: [{ added_at: 'asc' }] });
    const seen: string[][] = [];
    const sub = query.$.subscribe((docs) => seen.push(docs.map((d) => `${d.local_id}:${d.qty}`)));
    const until = (expected: string[]) =>
      firstValueFrom(
        query.$.pipe(
          filter((docs) => docs.map((d) => `${d.local_id}:${d.qty}`).join() === expected.join()),
          timeout(5000),
        ),
      );
    try {
      await until([]);
      await db.cart_items.insert(cartItem('a', 1));
      await until(['a:1']);
      await db.cart_items.insert(cartItem('b', 2));
      await until(['a:1', 'b:1']);
      await (await db.cart_items.findOne('a').exec())!.incrementalPatch({ qty: 2 });
      await until(['a:2', 'b:1']);
      await (await db.cart_items.findOne('b').exec())!.incrementalRemove();
      await until(['a:2']);
    } finally {
      sub.unsubscribe();
    }
    expect(seen[0]).toEqual([]);
    expect(seen.at(-1)).toEqual(['a:2']);
  },

  'kv › singletons keep any JSON value and a live findOne follows every write': async (h) => {
    const { db } = await h.open();
    const values: unknown[] = [];
    const sub = db.kv.findOne(KV_KEYS.cart).$.subscribe((doc) => values.push(doc ? doc.value : null));
    try {
      // The first emission is the empty slot; wait for it so it is not overtaken by the write.
      await firstValueFrom(db.kv.findOne(KV_KEYS.cart).$.pipe(timeout(5000)));
      await db.kv.upsert({ key: KV_KEYS.cart, value: { token: 'abc', items: [1, 2] }, updated_at: 1 });
      const doc = await db.kv.findOne(KV_KEYS.cart).exec();
      await doc!.incrementalModify((data) => ({
        ...data,
        value: { ...(data.value as object), token: 'def' },
        updated_at: 2,
      }));
      await firstValueFrom(
        db.kv.findOne(KV_KEYS.cart).$.pipe(
          filter((d) => (d?.value as { token?: string })?.token === 'def'),
          timeout(5000),
        ),
      );
    } finally {
      sub.unsubscribe();
    }
    expect(values[0]).toBeNull();
    expect(values.at(-1)).toEqual({ token: 'def', items: [1, 2] });
    await db.kv.bulkUpsert([
      { key: KV_KEYS.navPath, value: ['/', '/pakken'], updated_at: 3 },
      { key: KV_KEYS.personalDetails, value: 42, updated_at: 3 },
      { key: KV_KEYS.user, value: null, updated_at: 3 },
    ]);
    expect((await db.kv.findOne(KV_KEYS.navPath).exec())!.value).toEqual(['/', '/pakken']);
    expect((await db.kv.findOne(KV_KEYS.personalDetails).exec())!.value).toBe(42);
    expect((await db.kv.findOne(KV_KEYS.user).exec())!.value).toBeNull();
  },

  'lifecycle › a closed database reopens under the same name with its documents': async (h) => {
    const name = h.name();
    const first = await h.open({ name });
    await fillEveryCollection(first.db);
    await first.db.close();
    const { db } = await h.open({ name });
    for (const collection of Object.values(db.collections)) expect(await collection.count().exec()).toBe(1);
    expect((await db.kv.findOne('nav_path').exec())!.value).toEqual(['/']);
  },

  'lifecycle › remove() deletes the database: reopening the name starts empty': async (h) => {
    const name = h.name();
    const first = await h.open({ name });
    await fillEveryCollection(first.db);
    await first.db.remove();
    expect(first.db.closed).toBe(true);
    const { db } = await h.open({ name });
    for (const collection of Object.values(db.collections)) expect(await collection.count().exec()).toBe(0);
  },

  'docs/architecture.md one sync engine per origin › the database runs leader election, so only the leader tab runs the queue':
    async (h) => {
      const { db } = await h.open({ multiInstance: true });
      expect(db.multiInstance).toBe(true);
      expect(await db.waitForLeadership()).toBe(true);
      expect(db.isLeader()).toBe(true);
    },

  'spec 001 §4 offline cache › a quota error on a write purges the caches, keeps cart, wishlist, tasks, orders, kv and the category tree, and retries the write':
    async (h) => {
      const { db, faults, storage } = await h.open();
      await fillEveryCollection(db);
      let purgeEvents = 0;
      const sub = storage.health.purged$.subscribe(() => purgeEvents++);

      faults.failNextWrites(1, 'cache');
      await db.cache.upsert({ key: 'story:footer', value: {}, expires_at: Date.now() + 1000, cached_at: Date.now() });
      sub.unsubscribe();

      expect(faults.failedWrites).toBe(1);
      expect(purgeEvents).toBe(1);
      expect(await db.products.count().exec()).toBe(0);
      // The side menu renders the category tree from the device: it stays.
      expect(await db.categories.count().exec()).toBe(1);
      expect(await db.url_map.count().exec()).toBe(0);
      // The retried write landed; the old cache entry is gone.
      expect((await db.cache.find().exec()).map((d) => d.key)).toEqual(['story:footer']);
      for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
      expect(storage.health.status).toMatchObject({ mode: 'persistent', writeErrors: 0 });
    },

  'spec 001 §4 offline cache › a write that still meets quota errors when nothing is left to purge is retried, never lost':
    async (h) => {
      const { db, faults, storage } = await h.open();
      faults.failNextWrites(2, 'cart_items');
      await db.cart_items.insert(cartItem('kept', 1));
      expect(faults.failedWrites).toBe(2);
      expect(storage.health.status).toMatchObject({ mode: 'persistent', writeErrors: 2 });
      expect((await db.cart_items.findOne('kept').exec())?.sku).toBe('SKU-kept');
    },

  'spec 001 §4 offline cache › over quota, cache entries go least recently used first, 100 per purge, never the shopper data':
    async (h) => {
      const { db, storage } = await h.open();
      await fillEveryCollection(db);
      // P1, the category, the url map and the story were used "now"; these 150 products long before, oldest first.
      const long = Date.now() - 10_000_000;
      await db.products.bulkInsert(
        Array.from({ length: 150 }, (_, i) => cachedProduct(100 + i, `OLD${100 + i}`, 'Oud', long + i)),
      );
      expect(await storage.purgeLeastRecentlyUsed('quota-check')).toBe(100);
      const left = (await db.products.find().exec()).map((d) => d.sku);
      expect(left).toHaveLength(51);
      expect(left).toContain('P1');
      expect(left).toContain('OLD249');
      expect(left).not.toContain('OLD199');
      expect(await storage.purgeLeastRecentlyUsed('quota-check')).toBe(53);
      expect(await storage.purgeLeastRecentlyUsed('quota-check')).toBe(0);
      for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
      expect(await db.categories.count().exec()).toBe(1);
      expect(storage.health.status.lastPurge).toMatchObject({ entries: 0, trigger: 'quota-check' });
    },

  'spec 001 §4 quota check every 30 seconds › removes entries past the TTL of 86 400 s and expired cache entries, keeps fresh ones and the shopper data':
    async (h) => {
      const { db, storage } = await h.open();
      await fillEveryCollection(db);
      const now = Date.now();
      await db.products.insert(cachedProduct(2, 'OLD', 'Oud', now - 86_400_001));
      await db.cache.insert({ key: 'expired', value: 1, expires_at: now - 1, cached_at: now - 10 });
      const ctx = { db, storage, config: { cacheTtlSeconds: 86_400 }, now: () => now };
      expect(await purgeExpired(ctx)).toBe(2);
      expect(await db.products.findOne('P1').exec()).not.toBeNull();
      expect(await db.cache.findOne('story:home').exec()).not.toBeNull();
      for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
    },

  'spec 001 §4 quota check every 30 seconds › over the quota high-water mark the caches are purged; below it nothing else goes':
    async (h) => {
      const { db, storage } = await h.open();
      await fillEveryCollection(db);
      const ctx = { db, storage, config: { cacheTtlSeconds: 86_400 }, now: () => Date.now() };
      expect(await checkQuota(ctx, async () => ({ usage: 10_000, quota: 1_000_000 }))).toBe('ok');
      expect(await db.products.count().exec()).toBe(1);
      // The spec's size estimate (2 bytes per character, 8 per number, 4 per boolean) of what is stored.
      expect(storage.health.status.estimatedBytes).toBeGreaterThan(500);
      expect(await checkQuota(ctx, async () => ({ usage: 950_000, quota: 1_000_000 }))).toBe('purged');
      expect(await db.products.count().exec()).toBe(0);
      expect(await db.url_map.count().exec()).toBe(0);
      for (const name of PRESERVED_COLLECTIONS) expect(await db.collections[name].count().exec()).toBe(1);
      // The estimate alone is enough to be over a (tiny) quota.
      await db.products.insert(cachedProduct(3, 'P3', 'Das', Date.now()));
      expect(await checkQuota(ctx, async () => ({ quota: 600 }))).toBe('purged');
      expect(await db.products.count().exec()).toBe(0);
    },
};

/** The contract's cases against one storage; a case throws when the storage breaks the contract. */
export function storageContract(openDb: OpenShopDb): StorageCase[] {
  return Object.entries(cases).map(([name, body]) => ({ name, run: harnessed(openDb, body) }));
}
