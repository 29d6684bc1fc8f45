// the device database as the worker opens it (Dexie on the global IndexedDB, here fake-indexeddb's, through the
// resilient storage), written by one version of the shop and reopened by the next
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { collections, KV_KEYS, type ShopDatabase } from '../../../../schemas/index.ts';
import { openDeviceDatabase } from '../../../../worker/db/device-database.ts';
import type { DeviceUpdateProgress } from '../../../../worker/db/migrate-collections.ts';
import { withRenamedField, withStrategy, withThrowingStrategy } from '../../../support/next-schema-version.ts';

const LINES = 3;
const now = Date.now();

let open: ShopDatabase | undefined;
afterEach(async () => {
  await open?.remove();
  open = undefined;
});

/** Version N's device: cart lines, a waiting order and its task, a wishlist item and the login, as the shop writes them. */
async function writeVersionN(): Promise<void> {
  const { db } = await openDeviceDatabase('nl');
  await db.cart_items.bulkInsert(
    Array.from({ length: LINES }, (_, i) => ({
      local_id: `line-${i}`,
      sku: `OFM-1000${i}-NAVY-M`,
      qty: i + 1,
      item_id: null,
      price_incl_tax: 49.95,
      type_id: 'simple',
      parentSku: `OFM-1000${i}`,
      product: { name: `Regular fit overhemd ${i}`, colour_label: 'Navy', size_label: 'M', price_incl_tax: 49.95 },
      added_at: now + i,
      updated_at: now + i,
    })),
  );
  await db.orders.insert({
    order_id: 'order-offline-1',
    payload: { cartId: 'guest-cart', email: 'klant@example.nl', shipping_method: 'postnl' },
    payload_version: 1,
    transmited: false,
    code: null,
    created_at: now,
  });
  await db.sync_tasks.insert({
    task_id: 'task-1',
    url: '/api/ext/shop/cart/update',
    method: 'POST',
    payload: { cartItem: { sku: 'OFM-10000-NAVY-M', qty: 1 } },
    payload_version: 1,
    transmited: false,
    code: null,
    created_at: now,
    attempts: 0,
    silent: false,
    kind: 'cart-update',
  });
  await db.wishlist_items.insert({ key: 'OFM-20000', sku: 'OFM-20000', qty: 1, added_at: now });
  await db.kv.insert({ key: KV_KEYS.user, value: { token: 'tok-1', email: 'klant@example.nl' }, updated_at: now });
  await db.close();
}

const plain = async (db: ShopDatabase, name: 'cart_items' | 'orders' | 'sync_tasks' | 'wishlist_items' | 'kv') =>
  (await db[name].find().exec()).map((doc) => doc.toMutableJSON() as unknown as Record<string, unknown>);

describe('device data migrates, never resets (docs/offline-and-storage.md "Schema migrations")', () => {
  it('version N+1 renames a field of every kept collection: every document is there, with the renamed field', async () => {
    await writeVersionN();
    let next = withRenamedField(collections, 'cart_items', 'qty', 'quantity');
    next = withRenamedField(next, 'orders', 'payload', 'request');
    next = withRenamedField(next, 'sync_tasks', 'attempts', 'tries');
    next = withRenamedField(next, 'wishlist_items', 'qty', 'quantity');
    // kv's fields are the shop's own singleton shape; its next version renames a field inside the login's value
    next = withStrategy(next, 'kv', ({ value, ...doc }) => {
      if (doc.key !== KV_KEYS.user) return { ...doc, value };
      const { token, ...login } = value as Record<string, unknown>;
      return { ...doc, value: { ...login, accessToken: token } };
    });
    const progress: DeviceUpdateProgress[] = [];
    const { db, storage } = await openDeviceDatabase('nl', {
      collections: next,
      migration: { progressAfterMs: 0, onProgress: (p) => progress.push(p) },
    });
    open = db;

    expect(db.cart_items.schema.version).toBe(collections.cart_items.schema.version + 1);
    const lines = await plain(db, 'cart_items');
    expect(lines.map((l) => [l.local_id, l.quantity, l.qty])).toEqual([
      ['line-0', 1, undefined],
      ['line-1', 2, undefined],
      ['line-2', 3, undefined],
    ]);
    expect(lines[0]).toMatchObject({ sku: 'OFM-10000-NAVY-M', product: { name: 'Regular fit overhemd 0' } });
    expect(await plain(db, 'orders')).toEqual([
      expect.objectContaining({ order_id: 'order-offline-1', transmited: false, request: expect.any(Object) }),
    ]);
    expect(await plain(db, 'sync_tasks')).toEqual([expect.objectContaining({ task_id: 'task-1', tries: 0 })]);
    expect(await plain(db, 'wishlist_items')).toEqual([expect.objectContaining({ key: 'OFM-20000', quantity: 1 })]);
    const login = (await plain(db, 'kv')).find((doc) => doc.key === KV_KEYS.user);
    expect(login).toMatchObject({ value: { accessToken: 'tok-1', email: 'klant@example.nl' } });

    const outcomes = storage.health.status.migrations;
    expect(outcomes.map((o) => [o.collection, o.status])).toEqual(
      expect.arrayContaining([
        ['cart_items', 'migrated'],
        ['orders', 'migrated'],
        ['kv', 'migrated'],
      ]),
    );
    expect(progress.at(-1)).toEqual({ percent: 100, done: true });
  });

  it('a strategy that throws loses nothing: the lines stay readable and the diagnostics say the migration failed', async () => {
    await writeVersionN();
    const broken = withThrowingStrategy(collections, 'cart_items');
    const first = await openDeviceDatabase('nl', { collections: broken });
    const lines = await plain(first.db, 'cart_items');
    expect(lines.map((l) => [l.local_id, l.qty])).toEqual([
      ['line-0', 1],
      ['line-1', 2],
      ['line-2', 3],
    ]);
    expect(await plain(first.db, 'orders')).toHaveLength(1);
    expect(await plain(first.db, 'sync_tasks')).toHaveLength(1);
    expect((await plain(first.db, 'kv')).find((doc) => doc.key === KV_KEYS.user)).toBeTruthy();
    const [outcome] = first.storage.health.status.migrations;
    expect(outcome).toMatchObject({
      collection: 'cart_items',
      from: collections.cart_items.schema.version,
      to: collections.cart_items.schema.version + 1,
      status: 'failed',
      keptAsTheyWere: LINES,
    });
    expect(outcome.error).toContain('a bug in the cart_items migration');

    // the shopper removes a line; the next start neither migrates again nor brings it back, and still names the failure
    await first.db.cart_items.findOne('line-0').remove();
    await first.db.close();
    const again = await openDeviceDatabase('nl', { collections: broken });
    open = again.db;
    expect((await plain(again.db, 'cart_items')).map((l) => l.local_id)).toEqual(['line-1', 'line-2']);
    expect(again.storage.health.status.migrations).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});
