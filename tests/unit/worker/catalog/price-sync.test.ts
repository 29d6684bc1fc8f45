import { describe, expect, it, vi } from 'vitest';
import type { CartItemDoc } from '../../../../schemas/index.ts';
import type { Product } from '../../../../worker/api-types.ts';
import { cartLineView } from '../../../../worker/cart/cart-view.ts';
import { loadProduct } from '../../../../worker/catalog/product-loader.ts';
import { PriceSync, renderListPrices } from '../../../../worker/catalog/price-sync.ts';
import { contextSuite, type TestContext } from '../support/test-db.ts';

// The real server on a shared 2-core machine: the first catalogue calls can take seconds while caches warm.
vi.setConfig({ testTimeout: 30_000 });

/**
 * Spec 000 §7 render-list: a price shown from the device's cache (a cart line added from a cached product, the cached
 * product document) is refreshed through render-list once it is older than the price age, against the real server
 * on fake-indexeddb; offline it stays as it is and is corrected at the first read online.
 */
const suite = contextSuite(8);
let clock = Date.now();
const AGE_MS = 900_000;

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
  (await suite.server().db.query<T>(sql, params)).rows[0];

/** A configurable product cached on the device and a cart line of its first child, as added offline: no server item. */
async function cachedLine(ctx: TestContext): Promise<{ parent: Product; child: string; line: CartItemDoc }> {
  const { sku } = await one<{ sku: string }>(
    `select p.sku from products p where p.type_id = 'configurable' and p.status = 1
       and exists (select 1 from products c where c.parent_id = p.id and c.status = 1) order by p.id limit 1`,
  );
  const { product } = await loadProduct(ctx, { parentSku: sku });
  const child = product.configurable_children![0]!;
  const line: CartItemDoc = {
    local_id: 'line-1',
    sku: child.sku,
    parentSku: product.sku,
    qty: 1,
    price_incl_tax: Number(child.price_incl_tax ?? product.price_incl_tax),
    product: { name: product.name, price_incl_tax: Number(child.price_incl_tax ?? product.price_incl_tax) },
    added_at: clock,
    updated_at: clock,
  };
  await ctx.db.cart_items.insert(line);
  return { parent: product, child: child.sku, line };
}

async function lines(ctx: TestContext): Promise<CartItemDoc[]> {
  return (await ctx.db.cart_items.find().exec()).map((doc) => doc.toMutableJSON() as CartItemDoc);
}

const patchLine = (ctx: TestContext) => (localId: string, patch: Partial<CartItemDoc>) =>
  ctx.db.cart_items.findOne(localId).patch(patch);

async function raisePrice(skus: string[], cents: number): Promise<void> {
  await suite
    .server()
    .db.query('update products set price_cents = price_cents + $2 where sku = any($1::text[])', [skus, cents]);
}

describe('render-list price sync (spec 000 §7)', () => {
  it('render-list answers the price fields per sku; a failure answers none', async () => {
    clock = Date.now();
    const ctx = await suite.open({ now: () => clock });
    const { child } = await cachedLine(ctx);
    const prices = await renderListPrices(ctx, [child, 'NO-SUCH-SKU']);
    expect([...prices.keys()]).toEqual([child]);
    expect(prices.get(child)!.price_incl_tax).toBeGreaterThan(0);
    ctx.online.next(false);
    expect((await renderListPrices(ctx, [child])).size).toBe(0);
  });

  it('a price changed on the server corrects the cached line and product after the price age, first online', async () => {
    clock = Date.now();
    const ctx = await suite.open({ now: () => clock });
    const sync = new PriceSync(ctx);
    const { parent, child, line } = await cachedLine(ctx);
    await raisePrice([child, parent.sku], 1000);
    try {
      // younger than the price age: the cached price is shown as it is, and render-list is not asked
      ctx.requests.length = 0;
      expect(await sync.refreshCart(await lines(ctx), patchLine(ctx))).toBe(0);
      expect(ctx.requests).toEqual([]);

      // older, but offline: the call fails (no items), the cached price stays
      clock += AGE_MS;
      ctx.online.next(false);
      expect(await sync.refreshCart(await lines(ctx), patchLine(ctx))).toBe(0);
      expect(cartLineView((await lines(ctx))[0]!).unitCents).toBe(Math.round(line.price_incl_tax! * 100));

      // the connection back: the first read brings the server's price to the line and the cached documents
      ctx.online.next(true);
      expect(await sync.refreshCart(await lines(ctx), patchLine(ctx))).toBeGreaterThanOrEqual(2);
      expect(ctx.requests).toContain('/api/product/render-list');
      const view = cartLineView((await lines(ctx))[0]!);
      expect(view.unitCents).toBe(Math.round(line.price_incl_tax! * 100) + 1000);
      const cached = (await ctx.db.products.findOne(parent.sku).exec())!.toMutableJSON().doc as Product;
      expect(cached.price_incl_tax).toBeCloseTo(Number(parent.price_incl_tax) + 10, 2);
      const cachedChild = cached.configurable_children!.find((c) => c.sku === child)!;
      expect(Number(cachedChild.price_incl_tax)).toBeCloseTo(line.price_incl_tax! + 10, 2);

      // asked once per price age
      ctx.requests.length = 0;
      expect(await sync.refreshCart(await lines(ctx), patchLine(ctx))).toBe(0);
      expect(ctx.requests).toEqual([]);
    } finally {
      await raisePrice([child, parent.sku], -1000);
    }
  });

  it('a line the server holds keeps the server cart price', async () => {
    clock = Date.now();
    const ctx = await suite.open({ now: () => clock });
    const { child } = await cachedLine(ctx);
    await ctx.db.cart_items.findOne('line-1').patch({ item_id: 77, price_incl_tax: 12.5 });
    clock += AGE_MS;
    await new PriceSync(ctx).refreshCart(await lines(ctx), patchLine(ctx));
    const [kept] = await lines(ctx);
    expect(kept!.sku).toBe(child);
    expect(kept!.price_incl_tax).toBe(12.5);
  });
});
