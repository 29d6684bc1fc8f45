import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../../contract/catalog.ts';
import { RECENTLY_VIEWED_MAX } from '../../../../domain/catalog/recently-viewed.ts';
import { KV_KEYS } from '../../../../schemas/index.ts';
import { storeProducts } from '../../../../worker/catalog/cache-store.ts';
import { recentlyViewedApi } from '../../../../worker/recently-viewed/index.ts';
import { openTestContext, type TestContext } from '../support/test-db.ts';

// No server: the list is the device's own; an address nothing listens on shows any call would fail.
const NO_SERVER = 'http://127.0.0.1:9';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.db.remove();
  ctx = null;
});

const product = (n: number, extra: Partial<Product> = {}): Product => ({
  id: n,
  sku: `P${n}`,
  name: `Product ${n}`,
  type_id: 'configurable',
  status: 1,
  visibility: 4,
  url_key: `product-${n}`,
  price_incl_tax: 100 + n,
  image: `/img/p${n}.jpg`,
  configurable_children: [{ sku: `P${n}-M`, name: `Product ${n} M` } as never],
  description: 'A long text the tile does not need',
  ...extra,
});

async function open() {
  let clock = 1_000;
  ctx = await openTestContext(NO_SERVER, { online: false, now: () => (clock += 1) });
  return { ctx, api: recentlyViewedApi(ctx) };
}

const stored = async (c: TestContext) =>
  ((await c.db.kv.findOne(KV_KEYS.recentlyViewed).exec())?.toMutableJSON().value as Product[]).map((p) => p.sku);

const live = (c: TestContext, test: (value: Product[]) => boolean) =>
  firstValueFrom(c.live.get('recentlyViewed')!({}).pipe(filter(test)));

describe('recently viewed (spec 000 §9 storage key recently-viewed)', () => {
  it('keeps the products most recent first, each once, in kv recently-viewed', async () => {
    const { ctx, api } = await open();
    expect(await live(ctx, () => true)).toEqual([]);
    await api.rememberViewed(product(1));
    await api.rememberViewed(product(2));
    await api.rememberViewed(product(3));
    expect(await stored(ctx)).toEqual(['P3', 'P2', 'P1']);
    // viewed again: to the front, not a second time
    await api.rememberViewed(product(1));
    expect(await stored(ctx)).toEqual(['P1', 'P3', 'P2']);
    expect((await live(ctx, (v) => v[0]?.sku === 'P1')).map((p) => p.sku)).toEqual(['P1', 'P3', 'P2']);
    expect(ctx.requests).toEqual([]);
  });

  it(`holds at most ${RECENTLY_VIEWED_MAX}: the oldest views go`, async () => {
    const { ctx, api } = await open();
    for (let n = 1; n <= RECENTLY_VIEWED_MAX + 3; n++) await api.rememberViewed(product(n));
    const skus = await stored(ctx);
    expect(skus).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(skus[0]).toBe(`P${RECENTLY_VIEWED_MAX + 3}`);
    expect(skus.at(-1)).toBe('P4');
    expect(skus).not.toContain('P3');
  });

  it('loses none of several pages viewed at once (one write after the other)', async () => {
    const { ctx, api } = await open();
    await Promise.all([1, 2, 3, 4].map((n) => api.rememberViewed(product(n))));
    expect((await stored(ctx)).sort()).toEqual(['P1', 'P2', 'P3', 'P4']);
  });

  it("keeps only the tile's fields, and shows the catalogue cache's fresh copy when the device has one", async () => {
    const { ctx, api } = await open();
    await api.rememberViewed(product(1));
    await api.rememberViewed(product(2));
    const kept = (await ctx.db.kv.findOne(KV_KEYS.recentlyViewed).exec())!.toMutableJSON().value as Product[];
    expect(kept[1]).toEqual({
      id: 1,
      sku: 'P1',
      name: 'Product 1',
      type_id: 'configurable',
      status: 1,
      visibility: 4,
      url_key: 'product-1',
      price_incl_tax: 101,
      image: '/img/p1.jpg',
    });
    // the price changed since the view and the cache holds the product again: the row shows the new price
    await storeProducts(ctx, [product(1, { price_incl_tax: 80 })]);
    await api.rememberViewed(product(2));
    const shown = await live(ctx, (v) => v.length === 2);
    expect(shown.map((p) => [p.sku, p.price_incl_tax])).toEqual([
      ['P2', 102],
      ['P1', 80],
    ]);
    expect(shown[1]).not.toHaveProperty('configurable_children');
  });
});
