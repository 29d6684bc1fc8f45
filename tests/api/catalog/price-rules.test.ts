import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type Doc, type TestServer } from '../../support/test-server.ts';

/**
 * Spec 000 §5 price and tax rules, end to end: a seeded product's price and special window are set in the test
 * database, the clock is moved with setNow, and the catalogue API's document (and render-list) must follow the rule.
 */
let server: TestServer;
let sku: string;
let productId: number;

beforeAll(async () => {
  server = await startTestServer({ products: 20 });
  const { rows } = await server.db.query<{ id: number; sku: string }>(
    `select id, sku from products where type_id = 'simple' and visibility = 4 and status = 1 and tax_class_id = 2
      order by id limit 1`,
  );
  ({ id: productId, sku } = rows[0]);
});
afterAll(async () => {
  server?.setNow(undefined);
  await server?.close();
});

async function setPrice(
  priceCents: number,
  special: number | null,
  from: string | null,
  to: string | null,
  taxClassId = 2,
) {
  await server.db.query(
    `update products set price_cents = $2, special_price_cents = $3, special_from_date = $4, special_to_date = $5,
       tax_class_id = $6 where id = $1`,
    [productId, priceCents, special, from, to, taxClassId],
  );
}

async function productDoc(store = 'nl'): Promise<Doc> {
  const { status, body } = await api<{ items: Doc[] }>(server, 'POST', `/api/catalog/${store}/product/_search`, {
    filter: { sku, status: 1 },
  });
  expect(status).toBe(200);
  expect(body.result.items).toHaveLength(1);
  return body.result.items[0];
}

const MARCH_WINDOW = ['2026-03-01T00:00:00+01:00', '2026-03-31T00:00:00+02:00'] as const;
const NO_WINDOW = [null, null] as const;

/** The product document at `now`, the product costing 99.95 with `special` (cents) as its special price in `window`. */
async function specialPriceDocAt(
  special: number,
  window: readonly [string | null, string | null],
  now: string,
): Promise<Doc> {
  await setPrice(9995, special, ...window);
  server.setNow(new Date(now));
  return productDoc();
}

/** How many products the SQL price filter finds for this SKU below `euros`: it must agree with the document. */
async function countPricedBelow(euros: number): Promise<number> {
  const { body } = await api<{ total: number }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { sku, status: 1, price: { lt: euros } },
  });
  return body.result.total;
}

describe('spec 000 §5: special price', () => {
  it('special price inside its from/to window and lower than the price is the final price', async () => {
    const doc = await specialPriceDocAt(6995, MARCH_WINDOW, '2026-03-15T12:00:00Z');
    expect(doc.final_price_incl_tax).toBe(69.95);
    expect(doc.special_price_incl_tax).toBe(69.95);
    expect(doc.price_incl_tax).toBe(99.95);
    expect(doc.regular_price).toBe(99.95);
    expect(doc.discount_percentage).toBe(30);
    // The SQL price filter agrees with the document.
    expect(await countPricedBelow(70)).toBe(1);
  });

  it('the window counts whole shop days: the last day of the window still counts', async () => {
    const lastEvening = '2026-03-31T21:30:00Z'; // 23:30 in Amsterdam on 31 March
    expect((await specialPriceDocAt(6995, MARCH_WINDOW, lastEvening)).final_price_incl_tax).toBe(69.95);
  });

  it('before the window the special price does not count and is zeroed', async () => {
    const doc = await specialPriceDocAt(6995, MARCH_WINDOW, '2026-02-20T12:00:00Z');
    expect(doc.final_price_incl_tax).toBe(99.95);
    expect(doc.special_price_incl_tax).toBe(0);
    expect(doc.special_price).toBe(0);
    expect(await countPricedBelow(70)).toBe(0);
  });

  it('after the window the special price does not count and is zeroed', async () => {
    const doc = await specialPriceDocAt(6995, MARCH_WINDOW, '2026-04-10T12:00:00Z');
    expect(doc.final_price_incl_tax).toBe(99.95);
    expect(doc.special_price_incl_tax).toBe(0);
  });

  it('a special price that is not lower than the price does not count (zeroed)', async () => {
    const doc = await specialPriceDocAt(12995, NO_WINDOW, '2026-03-15T12:00:00Z');
    expect(doc.final_price_incl_tax).toBe(99.95);
    expect(doc.special_price_incl_tax).toBe(0);
  });

  it('when the final price is at or above the regular price the special price is zeroed', async () => {
    const doc = await specialPriceDocAt(9995, NO_WINDOW, '2026-03-15T12:00:00Z');
    expect(doc.final_price_incl_tax).toBe(99.95);
    expect(doc.special_price_incl_tax).toBe(0);
    expect(doc.discount_percentage).toBe(0);
  });
});

describe('spec 000 §5: tax by class, country and region, else 0 %', () => {
  it('NL store uses the NL rate and BE store the BE rate (low class: 9 % vs 6 %); prices stay incl. tax', async () => {
    await setPrice(10900, null, null, null, 5);
    server.setNow(undefined);
    const nl = await productDoc('nl');
    const be = await productDoc('be');
    expect(nl.price_incl_tax).toBe(109);
    expect(be.price_incl_tax).toBe(109);
    expect(nl.tax_rate).toBe(9);
    expect(be.tax_rate).toBe(6);
    expect(nl.price).toBe(100); // 109 / 1.09
    expect(be.price).toBe(102.83); // 109 / 1.06
  });

  it('high class: 21 % in both stores', async () => {
    await setPrice(12100, null, null, null, 2);
    const nl = await productDoc('nl');
    expect(nl.tax_rate).toBe(21);
    expect(nl.price).toBe(100);
  });

  it('a product tax class without a matching rule gets a 0 % rate', async () => {
    await server.db.query(
      "insert into tax_classes (id, name, type) values (99, 'Zonder regel', 'PRODUCT') on conflict (id) do nothing",
    );
    await setPrice(5000, null, null, null, 99);
    const doc = await productDoc('nl');
    expect(doc.tax_rate).toBe(0);
    expect(doc.price).toBe(50);
    expect(doc.price_incl_tax).toBe(50);
  });
});

describe('render-list prices follow the same rules', () => {
  it('price_info carries incl. tax amounts and tax_adjustments the excl. tax ones', async () => {
    await setPrice(12100, 9680, ...MARCH_WINDOW, 2);
    server.setNow(new Date('2026-03-15T12:00:00Z'));
    const { status, body } = await api<{ items: Doc[] }>(
      server,
      'GET',
      `/api/product/render-list?skus=${encodeURIComponent(sku)}&currencyCode=EUR&storeId=1`,
    );
    expect(status).toBe(200);
    const item = body.result.items[0];
    expect(item.sku).toBe(sku);
    expect(item.price_info.final_price).toBe(96.8);
    expect(item.price_info.regular_price).toBe(121);
    expect(item.price_info.special_price).toBe(96.8);
    expect(item.price_info.extension_attributes.tax_adjustments.final_price).toBe(80);
    expect(item.price_info.extension_attributes.tax_adjustments.regular_price).toBe(100);
    expect(item.special_price_incl_tax).toBe(96.8);
    expect(item.original_price_incl_tax).toBe(121);
  });

  it('a customer group with a lower tier price gets it (spec 000 §6 price tiers)', async () => {
    await setPrice(12100, null, null, null, 2);
    server.setNow(undefined);
    const { rows } = await server.db.query<{ id: number }>('select id from customer_groups order by id desc limit 1');
    const groupId = rows[0].id;
    await server.db.query(
      `insert into product_tier_prices (product_id, customer_group_id, qty, price_cents) values ($1, $2, 1, 9900)
         on conflict (product_id, customer_group_id, qty) do update set price_cents = excluded.price_cents`,
      [productId, groupId],
    );
    const path = `/api/product/render-list?skus=${encodeURIComponent(sku)}&currencyCode=EUR&storeId=1`;
    const withGroup = await api<{ items: Doc[] }>(server, 'GET', `${path}&userGroupId=${groupId}`);
    expect(withGroup.body.result.items[0].price_info.final_price).toBe(99);
    expect(withGroup.body.result.items[0].tier_price_applied).toBe(true);
    const anonymous = await api<{ items: Doc[] }>(server, 'GET', path);
    expect(anonymous.body.result.items[0].price_info.final_price).toBe(121);
  });
});
