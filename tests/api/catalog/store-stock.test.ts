import { describe, expect, it } from 'vitest';
import type { StoreStock } from '../../../contract/store.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

const storeStock = (query: string) => api<StoreStock[] | string>(server, 'GET', `/api/stock/stores?${query}`);

describe('GET /api/stock/stores (branch stock, spec 000 §3 branches_stock)', () => {
  it('answers every store with its pieces of the sku, 0 where it has none', async () => {
    const { rows } = await server.db.query<{ sku: string; slug: string; qty: number }>(
      `select p.sku, s.slug, b.qty from branch_stock b
         join products p on p.id = b.product_id join store_locations s on s.id = b.store_location_id
        where p.sku = (select p2.sku from branch_stock b2 join products p2 on p2.id = b2.product_id
                        where b2.qty > 0 order by p2.sku limit 1)`,
    );
    const sku = rows[0]!.sku;
    const res = await storeStock(`sku=${encodeURIComponent(sku)}`);
    expect(res.status).toBe(200);
    const stores = res.body.result as StoreStock[];
    expect(stores).toHaveLength(12);
    const held = new Map(rows.map((r) => [r.slug, r.qty]));
    for (const s of stores) expect(s.qty, s.slug).toBe(held.get(s.slug) ?? 0);
    expect(stores.some((s) => s.qty > 0)).toBe(true);
    expect(stores[0]).toEqual({
      slug: expect.any(String),
      name: expect.any(String),
      city: expect.any(String),
      country_id: expect.stringMatching(/^(NL|BE)$/),
      qty: expect.any(Number),
    });
  });

  it('an unknown sku is a 404; a missing, empty or too long one a 400 naming querystring.sku', async () => {
    expect((await storeStock('sku=NOPE-123')).status).toBe(404);
    for (const query of ['', 'sku=', `sku=${'X'.repeat(101)}`]) {
      const res = await storeStock(query);
      expect(res.status, query).toBe(400);
      expect(res.body.result).toContain('querystring.sku');
    }
  });
});
