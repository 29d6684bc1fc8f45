import { describe, expect, it, vi } from 'vitest';
import type { CompareState } from '../../../../worker/api-types.ts';
import { createShopWorkerApi } from '../../../../worker/api-impl.ts';
import { COMPARE_TEXT } from '../../../../worker/compare/compare-messages.ts';
import { contextSuite } from '../support/test-db.ts';

// The real server on a shared 2-core machine: the first catalogue calls can take seconds while caches warm.
vi.setConfig({ testTimeout: 30_000 });

const suite = contextSuite(20);

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** Five configurable parents of the seed with what the compare page should show of them, read from the server. */
async function fiveProducts() {
  const { rows } = await suite.server().db.query<{ sku: string; name: string; material: string; fit: string }>(
    `select p.sku, p.name,
            (select o.label from attribute_options o join attributes a on a.attribute_id = o.attribute_id
              where a.attribute_code = 'material' and o.value = p.attrs->'material'->>0) as material,
            (select o.label from attribute_options o join attributes a on a.attribute_id = o.attribute_id
              where a.attribute_code = 'fit' and o.value = p.attrs->'fit'->>0) as fit
       from products p where p.type_id = 'configurable' and p.status = 1 and p.visibility = 4 order by p.id limit 5`,
  );
  expect(rows).toHaveLength(5);
  return rows;
}

describe('compare list (spec 000 §1 compare, §4 logout clears the compare list)', () => {
  it('keeps up to four products on the device, refuses a fifth and shows every change live', async () => {
    const ctx = await suite.open();
    const api = createShopWorkerApi(ctx);
    const products = await fiveProducts();
    const seen: CompareState[] = [];
    await api.subscribe({ name: 'compare' }, (value) => seen.push(value));
    await settle(() => seen.length > 0);
    expect(seen.at(-1)).toEqual({ skus: [], limit: 4 });

    // four taps at once on four tiles: none is lost to another's write
    const added = await Promise.all(products.slice(0, 4).map((p) => api.addToCompare(p.sku)));
    expect(added.every((r) => r.ok)).toBe(true);
    expect(await api.addToCompare(products[4].sku)).toEqual({
      ok: false,
      messageKey: COMPARE_TEXT.full,
      params: { limit: 4 },
    });
    expect(await api.addToCompare(products[0].sku)).toEqual({ ok: true });
    await settle(() => seen.at(-1)?.skus.length === 4);
    expect(seen.at(-1)!.skus).toEqual(products.slice(0, 4).map((p) => p.sku));

    await api.removeFromCompare(products[1].sku);
    await settle(() => seen.at(-1)?.skus.length === 3);
    expect(seen.at(-1)!.skus).toEqual([products[0].sku, products[2].sku, products[3].sku]);
    // no call to the server: the list is the device's own (the sync engine's start: the guest cart remembered by the
    // server, connected or created, pulled and its totals read once it settled, spec 000 §4, and the outbox report;
    // catalogue reads are not the compare list's)
    const startup = [
      '/api/ext/shop/cart/remembered',
      '/api/ext/shop/cart/create',
      '/api/ext/shop/cart/pull',
      '/api/ext/shop/cart/totals',
      '/api/device/outbox',
      '/api/url/map',
    ];
    expect(ctx.requests.filter((path) => !path.startsWith('/api/catalog') && !startup.includes(path))).toEqual([]);
  });

  it('shows the products side by side with labels, not option ids; offline from the catalogue cache', async () => {
    const ctx = await suite.open();
    const api = createShopWorkerApi(ctx);
    const products = (await fiveProducts()).slice(0, 3);
    for (const p of products) await api.addToCompare(p.sku);

    const online = await api.compareProducts();
    expect(online.offline).toBe(false);
    expect(online.missing).toEqual([]);
    expect(online.columns.map((c) => c.sku)).toEqual(products.map((p) => p.sku));
    expect(online.rows.map((r) => r.label)).toEqual(expect.arrayContaining(['Merk', 'Materiaal', 'Pasvorm']));
    online.columns.forEach((column, i) => {
      expect(column).toMatchObject({
        name: products[i].name,
        attributes: { material: products[i].material, fit: products[i].fit },
      });
      expect(column.priceCents).toBeGreaterThan(0);
      expect(column.colour).not.toMatch(/^\d+$/);
      expect(column.sizes.length).toBeGreaterThan(0);
      expect(column.href).toMatch(/^\/heren-/);
    });

    ctx.online.next(false);
    const offline = await api.compareProducts();
    expect(offline.offline).toBe(true);
    expect(offline.columns).toEqual(online.columns);
    expect(offline.rows).toEqual(online.rows);
  });

  it('logout empties the compare list', async () => {
    const ctx = await suite.open();
    const api = createShopWorkerApi(ctx);
    const [product] = await fiveProducts();
    await api.addToCompare(product.sku);
    await api.logout(true);
    const seen: CompareState[] = [];
    await api.subscribe({ name: 'compare' }, (value) => seen.push(value));
    await settle(() => seen.length > 0);
    expect(seen.at(-1)!.skus).toEqual([]);
  });
});
