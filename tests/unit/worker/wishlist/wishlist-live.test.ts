import { afterEach, describe, expect, it } from 'vitest';
import type { Product, WishlistState } from '../../../../worker/api-types.ts';
import { createShopWorkerApi } from '../../../../worker/api-impl.ts';
import { openTestContext, type TestContext } from '../support/test-db.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.db.remove();
  ctx = undefined;
});

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** The `wishlist` live query and the resolution of server items (spec 001 §4 "resolved to products or variants"). */
describe('wishlist live query', () => {
  it('emits every change in cents; a server item with only its sku is resolved to its variant from the catalogue', async () => {
    // no server (port 1): the product comes from the device's catalogue cache, as it would offline
    ctx = await openTestContext('http://127.0.0.1:1');
    const api = createShopWorkerApi(ctx);
    const parent: Product = {
      id: 7,
      sku: 'OFM-1',
      name: 'Overhemd',
      type_id: 'configurable',
      status: 1,
      visibility: 4,
      url_path: 'overhemd-7',
      image: 'overhemd.webp',
      price_incl_tax: 59.95,
      color_label: 'Navy',
      configurable_children: [{ id: 8, sku: 'OFM-1-NAVY-M', size: '3', size_label: 'M', price_incl_tax: 59.95 }],
    };
    const child = { ...parent, id: 8, sku: 'OFM-1-NAVY-M', visibility: 1, parentSku: 'OFM-1', parentId: 7 };
    for (const doc of [parent, child])
      await ctx.db.products.insert({
        sku: doc.sku,
        id: doc.id,
        url_path: doc.url_path!,
        type_id: doc.type_id,
        parent_sku: 'OFM-1',
        doc,
        cached_at: Date.now(),
      });
    const seen: WishlistState[] = [];
    await api.subscribe({ name: 'wishlist' }, (value) => seen.push(value));
    await settle(() => seen.length > 0);
    expect(seen.at(-1)).toEqual({ items: [], count: 0 });

    // as the login reload stores it: the server's item id and sku, nothing to show yet
    await ctx.db.wishlist_items.insert({ key: child.sku, sku: child.sku, id: 8, item_id: 31, qty: 1, added_at: 1 });
    await settle(() => seen.at(-1)?.items[0]?.display !== null && seen.at(-1)?.count === 1);
    expect(seen.at(-1)!.items[0]).toMatchObject({
      key: 'OFM-1-NAVY-M',
      parentSku: 'OFM-1',
      variant: 'Navy · M',
      priceCents: 5995,
      display: { name: 'Overhemd', image: 'overhemd.webp', url_path: 'overhemd-7' },
    });

    expect(await api.removeFromWishlist(child.sku)).toEqual({ ok: true });
    await settle(() => seen.at(-1)?.count === 0);
    expect(seen.at(-1)).toEqual({ items: [], count: 0 });
  });
});
