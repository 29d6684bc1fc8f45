import { randomUUID } from 'node:crypto';
import { hashToken, newOpaqueToken } from '../../../server/auth/tokens.ts';
import type { Queryable } from '../../../server/db/index.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { api, type TestServer, type TestServerOptions } from '../../support/test-server.ts';

/**
 * Rows the cart and order tests own, with ids and codes far from the seed's, so every assertion can state exact
 * cents whatever the generated catalogue looks like.
 */
export interface ProductFixture {
  id: number;
  sku: string;
  priceCents: number;
  name?: string;
  typeId?: 'simple' | 'configurable' | 'virtual' | 'grouped';
  parentId?: number;
  specialPriceCents?: number | null;
  specialFrom?: string | null;
  specialTo?: string | null;
  taxClassId?: number;
  categoryIds?: number[];
  attrs?: Record<string, string[]>;
  doc?: Record<string, unknown>;
  stock?: { qty: number; reserved?: number; maxSaleQty?: number; manageStock?: boolean } | null;
}

export async function insertProduct(db: Queryable, p: ProductFixture): Promise<void> {
  await db.query(
    `insert into products (id, sku, parent_id, type_id, name, url_key, url_path, slug, price_cents, special_price_cents,
                           special_from_date, special_to_date, tax_class_id, category_ids, attrs, doc)
     values ($1, $2, $3, $4, $5, $6, $6, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb)`,
    [
      p.id,
      p.sku,
      p.parentId ?? null,
      p.typeId ?? 'simple',
      p.name ?? `Testproduct ${p.sku}`,
      `test-${p.sku.toLowerCase()}`,
      p.priceCents,
      p.specialPriceCents ?? null,
      p.specialFrom ?? null,
      p.specialTo ?? null,
      p.taxClassId ?? 2,
      p.categoryIds ?? [],
      JSON.stringify(p.attrs ?? {}),
      JSON.stringify(p.doc ?? {}),
    ],
  );
  if (p.stock !== null && p.typeId !== 'configurable') {
    const stock = p.stock ?? { qty: 100 };
    await db.query(
      `insert into stock_items (product_id, sku, qty, reserved_qty, is_in_stock, manage_stock, max_sale_qty)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        p.id,
        p.sku,
        stock.qty,
        stock.reserved ?? 0,
        stock.qty > 0,
        stock.manageStock ?? true,
        stock.maxSaleQty ?? 10000,
      ],
    );
  }
}

export async function setStock(
  db: Queryable,
  sku: string,
  qty: number,
  reserved = 0,
  maxSaleQty = 10000,
): Promise<void> {
  await db.query(
    'update stock_items set qty = $2, reserved_qty = $3, is_in_stock = $2 > 0, max_sale_qty = $4 where sku = $1',
    [sku, qty, reserved, maxSaleQty],
  );
}

export async function stockOf(db: Queryable, sku: string): Promise<{ qty: number; reserved_qty: number }> {
  const { rows } = await db.query<{ qty: number; reserved_qty: number }>(
    'select qty, reserved_qty from stock_items where sku = $1',
    [sku],
  );
  return rows[0];
}

let customerSeq = 0;

/** A customer with a valid access token, as the accounts login would issue it. */
export async function makeCustomer(
  db: Queryable,
  groupId = 1,
): Promise<{ customerId: number; token: string; email: string }> {
  customerSeq += 1;
  const email = `klant${customerSeq}-${newOpaqueToken(4)}@example.nl`;
  const { rows } = await db.query<{ id: number }>(
    `insert into customers (email, firstname, lastname, password_hash, group_id, group_token, external_id)
     values ($1, 'Jan', 'Jansen', 'x', $2, $3, $4) returning id`,
    [email, groupId, newOpaqueToken(), `ext-${newOpaqueToken(8)}`],
  );
  const token = newOpaqueToken();
  await db.query(
    `insert into auth_tokens (token_hash, customer_id, expires_at) values ($1, $2, now() + interval '1 hour')`,
    [hashToken(token), rows[0].id],
  );
  return { customerId: rows[0].id, token, email };
}

export const SHIP = { carrier: 'testpost', home: 'thuis', pickup: 'winkel', beOnly: 'bepost' } as const;
export const PAY = { ideal: 'test_ideal', fee: 'test_achteraf' } as const;

/** Shipping and payment methods, and coupons, of the tests. */
export async function insertCheckoutFixtures(db: Queryable): Promise<void> {
  await db.query(
    `insert into shipping_methods (carrier_code, method_code, method_title, carrier_title, price_cents, free_from_cents, countries, position)
     values ($1, $2, 'Thuisbezorgd', 'Testpost', 495, 5000, '{NL,BE}', 101),
            ($1, $3, 'Ophalen in de winkel', 'Testpost', 0, null, '{NL,BE}', 102),
            ($1, $4, 'Alleen België', 'Testpost', 695, null, '{BE}', 103)`,
    [SHIP.carrier, SHIP.home, SHIP.pickup, SHIP.beOnly],
  );
  await db.query(
    `insert into payment_methods (code, title, cost_cents, countries, position)
     values ($1, 'iDEAL (test)', 0, '{NL}', 101), ($2, 'Achteraf betalen (test)', 150, '{NL,BE}', 102)`,
    [PAY.ideal, PAY.fee],
  );
  await db.query(
    `insert into coupons (code, description, discount_type, discount_value, min_subtotal_cents, category_ids, valid_from, valid_to)
     values ('TIENPROCENT', '10%', 'percent', 10, 0, null, null, null),
            ('VIJFEURO', '5 euro', 'fixed', 500, 0, null, null, null),
            ('MIN100', '20% vanaf 100', 'percent', 20, 10000, null, null, null),
            ('ALLEENSCHOENEN', '15% op schoenen', 'percent', 15, 0, '{99977}', null, null),
            ('VERLOPEN', 'verlopen', 'percent', 50, 0, null, '2020-01-01T00:00:00Z', '2020-12-31T23:59:59Z'),
            ('KORTING2', '2 euro', 'fixed', 200, 0, null, null, null)`,
  );
}

/**
 * The test server of a cart or order suite: the seed, the suite's own `products` and the checkout fixtures (shipping,
 * payment, coupons); `started` keeps the server and adds what else the suite needs.
 */
export function useCheckoutServer(
  options: TestServerOptions,
  products: ProductFixture[],
  started: (server: TestServer) => void | Promise<void>,
): void {
  useTestServer(options, async (server) => {
    for (const product of products) await insertProduct(server.db, product);
    await insertCheckoutFixtures(server.db);
    await started(server);
  });
}

/** A Dutch address every test shipping and payment method accepts. */
export const DUTCH_ADDRESS = {
  firstname: 'Jan',
  lastname: 'Jansen',
  street: ['Damrak', '1'],
  city: 'Amsterdam',
  postcode: '1012AB',
  country_id: 'NL',
};

/** {@link DUTCH_ADDRESS} with the e-mail address an order asks for. */
export const ORDER_ADDRESS = { ...DUTCH_ADDRESS, email: 'jan@example.nl' };

/** A POST /api/order body: one of `sku`, picked up in the store, paid with the test iDEAL, a fresh order_id. */
export function pickupOrderBody(cartId: string | null, sku: string, orderId: string = randomUUID()) {
  return {
    order_id: orderId,
    cart_id: cartId,
    products: [{ sku, qty: 1 }],
    addressInformation: {
      shippingAddress: ORDER_ADDRESS,
      billingAddress: ORDER_ADDRESS,
      shipping_method_code: SHIP.pickup,
      shipping_carrier_code: SHIP.carrier,
      payment_method_code: PAY.ideal,
    },
  };
}

export const query = (params: Record<string, string | undefined>) =>
  '?' +
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');

/** POST /api/order's answer, as the order tests read it. */
export interface PlacedOrder {
  order_id: string;
  increment_id: string;
  status: string;
  grand_total: number;
  payment: { method: string; redirect_url: string };
}

/** POST /api/order, as the customer whose access token is `token`, else as a guest. */
export const placeOrder = (server: TestServer, body: unknown, token?: string) =>
  api<PlacedOrder>(server, 'POST', `/api/order${query({ token })}`, body);

export async function newGuestCart(server: TestServer): Promise<string> {
  const res = await api<string>(server, 'POST', '/api/ext/shop/cart/create');
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.result;
}

/** A new guest cart and the server's answer to putting its first line in it. */
export async function newCartWithLine(server: TestServer, sku: string, qty: number, extra?: Record<string, unknown>) {
  const cartId = await newGuestCart(server);
  return { cartId, res: await addItem(server, cartId, sku, qty, extra) };
}

export async function addItem(
  server: TestServer,
  cartId: string,
  sku: string,
  qty: number,
  extra: Record<string, unknown> = {},
  token?: string,
) {
  return api<{ item_id: number; sku: string; qty: number; price: number }>(
    server,
    'POST',
    `/api/ext/shop/cart/update${query({ cartId, token })}`,
    { cartItem: { sku, qty, quoteId: cartId, ...extra } },
  );
}
