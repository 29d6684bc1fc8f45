import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../../../worker/api-types.ts';
import { createShopWorkerApi } from '../../../../worker/api-impl.ts';
import { cartLineDisplay } from '../../../../domain/cart/line-display.ts';
import { api, startTestServer, type TestServer } from '../../../support/test-server.ts';
import { openTestContext, type TestContext } from '../support/test-db.ts';

interface Doc {
  sku: string;
  color_label?: string;
  configurable_children?: { sku: string; size_label?: string; stock?: { qty: number } }[];
  size_conversion?: Record<string, { uk: string; eu: string }>;
}

/** The size as every screen names it in the default system (spec 001 §3 size_uk), with the EU size beside it. */
const inUk = (label: unknown) => {
  const row = shirt.size_conversion![String(label)]!;
  return `UK ${row.uk} (EU ${row.eu})`;
};

let server: TestServer;
let ctx: TestContext | undefined;
let shirt: Doc;

beforeAll(async () => {
  server = await startTestServer({ products: 12 });
  const search = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 50,
  });
  shirt = search.body.result.items.find(
    (p) => p.color_label && (p.configurable_children ?? []).some((c) => c.size_label && (c.stock?.qty ?? 0) >= 5),
  )!;
}, 120_000);
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await ctx?.db.remove();
  ctx = undefined;
});

/** The `cart` live query's latest value once it satisfies `ready`. */
async function cartWhen(
  shop: ReturnType<typeof createShopWorkerApi>,
  ready: (cart: CartState) => boolean,
): Promise<CartState> {
  let latest: CartState | null = null;
  await shop.subscribe({ name: 'cart' }, (value) => (latest = value));
  await expect.poll(() => latest && ready(latest), { timeout: 10_000 }).toBe(true);
  return latest!;
}

describe('a cart line shows its variant (spec 001 §3 option mapping for size and color)', () => {
  it('adding a configurable child with colour and size keeps both on the line and in the cart live query', async () => {
    ctx = await openTestContext(server.baseUrl);
    const shop = createShopWorkerApi(ctx);
    const { product } = await shop.loadProduct({ parentSku: shirt.sku });
    const child = product.configurable_children!.find((c) => c.size_label && (c.stock?.qty ?? 0) >= 5)!;
    const display = cartLineDisplay(product, { sku: child.sku });
    expect(
      (await shop.addToCart({ sku: child.sku, parentSku: product.sku, product: display, errors: product.errors ?? {} }))
        .ok,
    ).toBe(true);

    const [stored] = await ctx.db.cart_items.find().exec();
    expect(stored.product).toMatchObject({
      name: product.name,
      parentSku: product.sku,
      colour_label: shirt.color_label,
      size_label: child.size_label,
    });
    const cart = await cartWhen(shop, (c) => c.items.length === 1);
    expect(cart.items[0]).toMatchObject({
      sku: child.sku,
      variant: `${shirt.color_label} · ${inUk(child.size_label)}`,
      parentSku: product.sku,
    });
    expect(cart.items[0].unitCents).toBe(Math.round(display.price_incl_tax! * 100));
  });

  it('a line the server brought with its name only gets the same display value from the product looked up by sku', async () => {
    ctx = await openTestContext(server.baseUrl);
    const shop = createShopWorkerApi(ctx);
    const child = shirt.configurable_children!.find((c) => c.size_label)!;
    const now = Date.now();
    // what the cart sync stores for an "add-from-server" action (worker/cart/cart-merge.ts)
    await ctx.db.cart_items.insert({
      local_id: 'from-server',
      sku: child.sku,
      qty: 1,
      item_id: 7,
      product: { name: 'server name' },
      added_at: now,
      updated_at: now,
    });
    const cart = await cartWhen(shop, (c) => c.items[0]?.variant !== undefined && c.items[0].variant !== '');
    expect(cart.items[0]).toMatchObject({
      variant: `${shirt.color_label} · ${inUk(child.size_label)}`,
      parentSku: shirt.sku,
    });
    expect(cart.items[0].display.url_path).toEqual(expect.any(String));
  });
});
