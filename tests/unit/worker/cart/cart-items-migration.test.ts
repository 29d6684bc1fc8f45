import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { cartItemsSchema } from '../../../../schemas/cart-items.ts';
import { createShopDatabase } from '../../../../worker/db/create-database.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const anyId = { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] };

/** cart_items as version 0 stored it: two server id fields and an untyped display bag. */
const versionZero = {
  ...cartItemsSchema,
  version: 0,
  properties: { ...cartItemsSchema.properties, server_item_id: anyId, product: { type: 'object' } },
};

let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.remove();
  db = undefined;
});

describe('cart_items schema version 1 (spec 000 §3 "Cart item": one server id, a typed display value)', () => {
  it('a version-0 line keeps its server id in item_id and its display fields as the typed value', async () => {
    const name = `migration-${process.pid}-${Date.now()}`;
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    await old.addCollections({ cart_items: { schema: versionZero } });
    const now = Date.now();
    await old.cart_items.insert({
      local_id: 'l1',
      sku: 'OFM-10001-NAVY-M',
      qty: 2,
      server_item_id: 42,
      product: {
        name: 'Regular fit overhemd',
        url_path: 'heren/overhemd-10001',
        color_label: 'Navy',
        size_label: 'M',
        price_incl_tax: 49.95,
        thumbnail: 'x.webp',
      },
      added_at: now,
      updated_at: now,
    });
    await old.close();

    db = await createShopDatabase({ storage, name, multiInstance: false });
    const line = (await db.cart_items.findOne('l1').exec())!.toMutableJSON();
    expect(line).toMatchObject({ sku: 'OFM-10001-NAVY-M', qty: 2, item_id: 42 });
    expect(line).not.toHaveProperty('server_item_id');
    expect(line.product).toEqual({
      name: 'Regular fit overhemd',
      url_path: 'heren/overhemd-10001',
      colour_label: 'Navy',
      size_label: 'M',
      price_incl_tax: 49.95,
    });
  });
});
