import { pointsAvailableDate, pointsExpiryDate, pointsForSpend } from '../../domain/loyalty.ts';
import type { Queryable } from '../db/index.ts';
import { insertRows, json } from './batch.ts';
import { COUPON_CODES } from './commerce.ts';
import { DEMO_ADDRESSES, DEMO_CUSTOMER } from './demo-customer.ts';
import { DAY, discounted } from './pricing.ts';
import type { SeedProduct } from './products.ts';
import { seededFaker } from './random.ts';
import { STORE_LOCATIONS } from './stores.ts';

/** Order states of spec 001 §4, newest order first. */
const ORDER_STATES = [
  'Pending',
  'Processing',
  'Processed',
  'Completed',
  'Partially returned',
  'Completed',
  'Refunded',
  'Cancelled',
  'Completed',
  'Partially refunded',
] as const;
/** States that earned loyalty points (goods kept). */
const EARNING = new Set(['Processed', 'Completed', 'Partially returned', 'Partially refunded']);

/**
 * The demo customer's past: online orders over the last two years, in-store purchases, the loyalty ledger they
 * produce, coupons in the wallet and a few personal prices. Increment ids start at 090000001, below the order
 * sequence of live orders (100000001), so they never collide.
 */
export async function seedDemoHistory(
  q: Queryable,
  customerId: number,
  products: SeedProduct[],
  storeIds: number[],
  now: Date,
): Promise<void> {
  const f = seededFaker(20_260_006);
  const sellable = products.filter((p) => p.typeId === 'simple' && p.parentId !== null && p.status === 1);
  const pool = sellable.length ? sellable : products.filter((p) => p.typeId === 'simple');
  const parentOf = new Map(products.filter((p) => p.typeId === 'configurable').map((p) => [p.id, p]));
  const home = DEMO_ADDRESSES[0];
  const address = {
    firstname: home.firstname,
    lastname: home.lastname,
    street: [...home.street],
    city: home.city,
    postcode: home.postcode,
    country_id: home.countryId,
    telephone: home.telephone,
  };
  const ledger: unknown[][] = [];

  for (const [i, status] of ORDER_STATES.entries()) {
    const created = new Date(
      now.getTime() -
        (i === 0 ? 1 : i * 70 + f.number.int({ min: 0, max: 20 })) * DAY -
        f.number.int({ min: 0, max: 36_000 }) * 1000,
    );
    const items = f.helpers.arrayElements(pool, { min: 1, max: 3 }).map((p) => {
      const qty = f.number.int({ min: 1, max: 2 });
      return { p, qty, price: p.priceCents };
    });
    const subtotal = items.reduce((s, it) => s + it.price * it.qty, 0);
    const coupon = i === 9 ? COUPON_CODES.welcome : null;
    const discount = coupon ? Math.round(subtotal / 10) : 0;
    const shipping = subtotal - discount >= 5000 ? 0 : 495;
    const grand = subtotal - discount + shipping;
    const tax = grand - Math.round(grand / 1.21);
    const incrementId = `0900000${String(i + 1).padStart(2, '0')}`;
    const orderId = f.string.uuid();
    const method = f.helpers.arrayElement(['ideal', 'creditcard', 'riverty']);
    const shippingMethod = f.helpers.arrayElement(['dhl_home', 'dhl_servicepoint', 'storepickup_storepickup']);
    const lines = items.map((it) => ({
      sku: it.p.sku,
      parentSku: it.p.parentId ? parentOf.get(it.p.parentId)?.sku : undefined,
      name: it.p.parentId ? (parentOf.get(it.p.parentId)?.name ?? it.p.name) : it.p.name,
      qty: it.qty,
      price_cents: it.price,
      options: it.p.parentId
        ? [
            { label: 'Kleur', value: it.p.doc.color_label },
            { label: 'Maat', value: it.p.doc.size_label },
          ]
        : [],
    }));
    const request = {
      order_id: orderId,
      user_id: String(customerId),
      products: lines.map((l) => ({
        sku: l.sku,
        parentSku: l.parentSku,
        qty: l.qty,
        price_incl_tax: l.price_cents / 100,
      })),
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_method_code: shippingMethod.split('_').slice(1).join('_'),
        shipping_carrier_code: shippingMethod.split('_')[0],
        payment_method_code: method,
      },
    };
    const { rows } = await q.query<{ id: number }>(
      `insert into orders (order_id, increment_id, customer_id, external_customer_id, email, status, store_code, subtotal_cents,
         shipping_cents, discount_cents, tax_cents, grand_total_cents, shipping_method, payment_method, coupon_code,
         shipping_address, billing_address, request, response, created_at)
       values ($1, $2, $3, $4, $5, $6, 'nl', $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $15::jsonb, $16::jsonb, $17::jsonb, $18)
       returning id`,
      [
        orderId,
        incrementId,
        customerId,
        DEMO_CUSTOMER.externalId,
        DEMO_CUSTOMER.email,
        status,
        subtotal,
        shipping,
        discount,
        tax,
        grand,
        shippingMethod,
        method,
        coupon,
        json(address),
        json(request),
        json({ orderNumber: incrementId, backendOrderId: incrementId }),
        created.toISOString(),
      ],
    );
    await insertRows(
      q,
      'order_items',
      ['order_pk', 'sku', 'name', 'qty', 'price_cents', 'row_total_cents', 'product_option:jsonb'],
      lines.map((l) => [
        rows[0].id,
        l.sku,
        l.name,
        l.qty,
        l.price_cents,
        l.price_cents * l.qty,
        json({ options: l.options, parentSku: l.parentSku ?? null }),
      ]),
    );
    if (EARNING.has(status)) {
      ledger.push([
        customerId,
        pointsForSpend(grand),
        0,
        `Online aankoop ${incrementId}`,
        incrementId,
        created,
        pointsAvailableDate(created),
        pointsExpiryDate(created),
      ]);
    }
  }

  // In-store purchases, with their own points.
  const transactions: unknown[][] = [];
  for (let i = 0; i < 5; i++) {
    const created = new Date(now.getTime() - (i * 95 + 12) * DAY + 14 * 3600_000);
    const storeIndex = [0, 2, 0, 8, 1][i];
    const items = f.helpers
      .arrayElements(pool, { min: 1, max: 3 })
      .map((p) => ({ sku: p.sku, name: p.name, qty: 1, price_cents: p.priceCents }));
    const total = items.reduce((s, it) => s + it.price_cents, 0);
    const id = `T${String(storeIndex + 1).padStart(3, '0')}-${created.toISOString().slice(0, 10).replaceAll('-', '')}-${String(1000 + i)}`;
    transactions.push([
      id,
      customerId,
      storeIds[storeIndex] ?? null,
      total,
      json({ store: STORE_LOCATIONS[storeIndex].name, items, payment: 'pin' }),
      created.toISOString(),
    ]);
    ledger.push([
      customerId,
      pointsForSpend(total),
      0,
      `Aankoop in ${STORE_LOCATIONS[storeIndex].name}`,
      null,
      created,
      pointsAvailableDate(created),
      pointsExpiryDate(created),
    ]);
  }
  await insertRows(
    q,
    'store_transactions',
    ['transaction_id', 'customer_id', 'store_location_id', 'total_cents', 'items:jsonb', 'created_at:timestamptz'],
    transactions,
  );

  // Spending points and a Flying Blue conversion, so the history is not only additions.
  const redeemed = new Date(now.getTime() - 40 * DAY);
  ledger.push([
    customerId,
    -500,
    0,
    `Ingewisseld voor coupon ${COUPON_CODES.loyalty}`,
    null,
    redeemed,
    redeemed,
    pointsExpiryDate(redeemed),
  ]);
  const converted = new Date(now.getTime() - 200 * DAY);
  ledger.push([
    customerId,
    -1000,
    500,
    'Omgezet naar Flying Blue Miles',
    null,
    converted,
    converted,
    pointsExpiryDate(converted),
  ]);
  await insertRows(
    q,
    'loyalty_ledger',
    [
      'customer_id',
      'points',
      'miles',
      'description',
      'order_increment_id',
      'created_at:timestamptz',
      'available_at:timestamptz',
      'expires_at:timestamptz',
    ],
    ledger.map((r) => r.map((v) => (v instanceof Date ? v.toISOString() : v))),
  );

  await insertRows(
    q,
    'customer_coupons',
    ['customer_id', 'coupon_code', 'added_at:timestamptz', 'used_at:timestamptz'],
    [
      [
        customerId,
        COUPON_CODES.welcome,
        new Date(now.getTime() - 700 * DAY).toISOString(),
        new Date(now.getTime() - 640 * DAY).toISOString(),
      ],
      [customerId, COUPON_CODES.personal, new Date(now.getTime() - 5 * DAY).toISOString(), null],
      [customerId, COUPON_CODES.loyalty, redeemed.toISOString(), null],
    ],
  );

  // Personal prices on a few parents and their sizes (the sku a cart holds is the child's).
  const parents = products.filter((p) => p.typeId === 'configurable').slice(0, 3);
  const personal = parents.flatMap((parent) => [parent, ...products.filter((c) => c.parentId === parent.id)]);
  await insertRows(
    q,
    'personal_prices',
    ['customer_id', 'sku', 'price_cents'],
    personal.map((p) => [customerId, p.sku, discounted(p.priceCents, 15)]),
  );
}
