import { afterEach, describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { PAY, SHIP, addItem, makeCustomer, newGuestCart, query, useCheckoutServer } from './cart-fixtures.ts';

const CART = '/api/ext/shop/cart';
let server: TestServer;

interface Totals {
  grand_total: number;
  subtotal: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  tax_amount: number;
  shipping_incl_tax: number;
  coupon_code: string | null;
  base_currency_code: string;
  items: {
    item_id: number;
    sku: string;
    qty: number;
    price_incl_tax: number;
    row_total_incl_tax: number;
    discount_amount: number;
    tax_amount: number;
  }[];
  total_segments: { code: string; title: string; value: number }[];
  extension_attributes: { discount_codes: string[] };
}

const totalsOf = async (cartId: string) =>
  (await api<Totals>(server, 'GET', `${CART}/totals${query({ cartId })}`)).body.result;
const post = (path: string, cartId: string, body?: unknown, extra: Record<string, string> = {}) =>
  api<unknown>(server, 'POST', `${CART}/${path}${query({ cartId, ...extra })}`, body);

useCheckoutServer(
  { products: 8 },
  [
    { id: 991001, sku: 'T-JAS', priceCents: 2995, categoryIds: [99970] },
    { id: 991002, sku: 'T-BOEK', priceCents: 1090, taxClassId: 5, categoryIds: [99971] },
    {
      id: 991003,
      sku: 'T-ACTIE',
      priceCents: 2500,
      specialPriceCents: 1995,
      // Calendar days stored as Amsterdam midnight, independent of the database server's time zone.
      specialFrom: '2026-03-01T00:00:00+01:00',
      specialTo: '2026-03-31T00:00:00+02:00',
    },
    { id: 991004, sku: 'T-SCHOEN', priceCents: 8000, categoryIds: [99977] },
    { id: 991005, sku: 'T-TIER', priceCents: 4000 },
  ],
  async (started) => {
    server = started;
    // Club members (group 2) pay 35,00 from two pieces.
    await server.db.query(
      'insert into product_tier_prices (product_id, customer_group_id, qty, price_cents) values (991005, 2, 2, 3500)',
    );
  },
);

afterEach(() => server.setNow(undefined));

describe('totals arithmetic in integer cents (prices include tax, spec 000 §1)', () => {
  it('subtotal, tax per rate, grand total and the five segments', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'T-JAS', 2);
    await addItem(server, cartId, 'T-BOEK', 1);
    const t = await totalsOf(cartId);
    // 2 × 29,95 at 21 %: 59,90 incl = 49,50 excl; 10,90 at 9 %: 10,00 excl.
    expect(t).toMatchObject({
      subtotal_incl_tax: 70.8,
      subtotal: 59.5,
      tax_amount: 11.3,
      discount_amount: 0,
      shipping_incl_tax: 0,
      grand_total: 70.8,
      coupon_code: null,
      base_currency_code: 'EUR',
    });
    expect(t.items.map((i) => [i.sku, i.qty, i.price_incl_tax, i.row_total_incl_tax, i.tax_amount])).toEqual([
      ['T-JAS', 2, 29.95, 59.9, 10.4],
      ['T-BOEK', 1, 10.9, 10.9, 0.9],
    ]);
    expect(t.total_segments.map((s) => [s.code, s.value])).toEqual([
      ['subtotal', 70.8],
      ['shipping', 0],
      ['discount', 0],
      ['tax', 11.3],
      ['grand_total', 70.8],
    ]);
    const collected = await post('collect-totals', cartId);
    expect(collected.body.result).toEqual(t);
  });

  it('a special price counts only inside its window, by Amsterdam calendar day (spec 000 §5)', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'T-ACTIE', 1);
    server.setNow(new Date('2026-02-28T22:30:00Z')); // 23:30 on 28 Feb in Amsterdam: not yet
    expect((await totalsOf(cartId)).grand_total).toBe(25);
    server.setNow(new Date('2026-02-28T23:30:00Z')); // 00:30 on 1 Mar in Amsterdam
    expect((await totalsOf(cartId)).grand_total).toBe(19.95);
    server.setNow(new Date('2026-03-31T21:30:00Z')); // 23:30 on 31 Mar (summer time): last evening
    expect((await totalsOf(cartId)).grand_total).toBe(19.95);
    server.setNow(new Date('2026-03-31T22:30:00Z')); // 00:30 on 1 Apr
    expect((await totalsOf(cartId)).grand_total).toBe(25);
    const pulled = await api<{ price: number }[]>(server, 'GET', `${CART}/pull${query({ cartId })}`);
    expect(pulled.body.result[0].price).toBe(25);
  });
});

describe('tier and personal prices (usePriceTiers, personal pricing for logged-in clients)', () => {
  const customerCart = async (token: string) =>
    (await api<string>(server, 'POST', `${CART}/create${query({ token })}`)).body.result;
  const unitPrice = async (cartId: string, token: string) =>
    (await api<{ price: number }[]>(server, 'GET', `${CART}/pull${query({ cartId, token })}`)).body.result[0].price;

  it("a club member's tier price counts from its quantity; a guest pays the shop price", async () => {
    const club = await makeCustomer(server.db, 2);
    const cartId = await customerCart(club.token);
    const added = await addItem(server, cartId, 'T-TIER', 1, {}, club.token);
    expect(added.body.result.price).toBe(40);
    await addItem(server, cartId, 'T-TIER', 2, { item_id: added.body.result.item_id }, club.token);
    expect(await unitPrice(cartId, club.token)).toBe(35);
    const guest = await newGuestCart(server);
    expect((await addItem(server, guest, 'T-TIER', 2)).body.result.price).toBe(40);
  });

  it("a customer's personal price counts when lower, in the cart and its totals", async () => {
    const customer = await makeCustomer(server.db);
    await server.db.query(`insert into personal_prices (customer_id, sku, price_cents) values ($1, 'T-TIER', 3000)`, [
      customer.customerId,
    ]);
    const cartId = await customerCart(customer.token);
    await addItem(server, cartId, 'T-TIER', 1, {}, customer.token);
    expect(await unitPrice(cartId, customer.token)).toBe(30);
    const totals = await api<Totals>(server, 'GET', `${CART}/totals${query({ cartId, token: customer.token })}`);
    expect(totals.body.result.grand_total).toBe(30);
  });
});

describe('coupons (spec 001 §5 only one coupon; §8 coupon errors)', () => {
  async function cartWith(...lines: [string, number][]) {
    const cartId = await newGuestCart(server);
    for (const [sku, qty] of lines) expect((await addItem(server, cartId, sku, qty)).status).toBe(200);
    return cartId;
  }

  it('a percent coupon takes 10 % off and the tax of what remains', async () => {
    const cartId = await cartWith(['T-JAS', 2], ['T-BOEK', 1]);
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'tienprocent' })).body).toEqual({
      code: 200,
      result: true,
    });
    const t = await totalsOf(cartId);
    // 10 % of 70,80 = 7,08, split 5,99 / 1,09; tax of 53,91 at 21 % = 9,36 and of 9,81 at 9 % = 0,81.
    expect(t).toMatchObject({
      coupon_code: 'TIENPROCENT',
      discount_amount: -7.08,
      grand_total: 63.72,
      tax_amount: 10.17,
    });
    expect(t.items.map((i) => i.discount_amount)).toEqual([5.99, 1.09]);
    expect(t.total_segments.find((s) => s.code === 'discount')).toEqual({
      code: 'discount',
      title: 'Korting (TIENPROCENT)',
      value: -7.08,
    });
  });

  it('a fixed coupon takes its amount off, never more than the cart', async () => {
    const cartId = await cartWith(['T-BOEK', 1]);
    await post('apply-coupon', cartId, undefined, { coupon: 'VIJFEURO' });
    expect((await totalsOf(cartId)).grand_total).toBe(5.9);
  });

  it('a minimum subtotal not reached is "items do not match the coupons requirements"', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    const refused = await post('apply-coupon', cartId, undefined, { coupon: 'MIN100' });
    expect(refused.status).toBe(404);
    expect(refused.body.result).toBe('De artikelen in je winkelwagen voldoen niet aan de voorwaarden van deze coupon');
    await addItem(server, cartId, 'T-SCHOEN', 1);
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'MIN100' })).status).toBe(200);
    expect((await totalsOf(cartId)).discount_amount).toBe(-21.99); // 20 % of 109,95
  });

  it('a category coupon discounts only the items of its categories', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'ALLEENSCHOENEN' })).status).toBe(404);
    await addItem(server, cartId, 'T-SCHOEN', 1);
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'ALLEENSCHOENEN' })).status).toBe(200);
    const t = await totalsOf(cartId);
    expect(t.discount_amount).toBe(-12); // 15 % of 80,00 only
    expect(t.items.map((i) => [i.sku, i.discount_amount])).toEqual([
      ['T-JAS', 0],
      ['T-SCHOEN', 12],
    ]);
  });

  it('an expired or unknown coupon is a 404 "not valid"', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    for (const code of ['VERLOPEN', 'BESTAATNIET']) {
      const res = await post('apply-coupon', cartId, undefined, { coupon: code });
      expect(res.body).toEqual({ code: 404, result: 'Deze couponcode is niet geldig' });
    }
  });

  it('a coupon that expires after it was applied stops discounting', async () => {
    await server.db.query(`insert into coupons (code, description, discount_type, discount_value, valid_to)
                           values ('TOTMAART', 'tot maart', 'percent', 10, '2026-03-01T00:00:00Z')`);
    const cartId = await cartWith(['T-JAS', 1]);
    server.setNow(new Date('2026-02-15T12:00:00Z'));
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'TOTMAART' })).status).toBe(200);
    expect((await totalsOf(cartId)).discount_amount).toBe(-3);
    server.setNow(new Date('2026-03-02T12:00:00Z'));
    expect((await totalsOf(cartId)).discount_amount).toBe(0);
  });

  it('only one coupon: another code is refused until the active one is removed; the same code again is fine', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'TIENPROCENT' })).status).toBe(200);
    const second = await post('apply-coupon', cartId, undefined, { coupon: 'VIJFEURO' });
    expect(second.status).toBe(400);
    expect(second.body.result).toMatch(/^Er is al een coupon actief/);
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'TIENPROCENT' })).status).toBe(200);
    expect((await post('delete-coupon', cartId)).body).toEqual({ code: 200, result: true });
    expect((await post('apply-coupon', cartId, undefined, { coupon: 'VIJFEURO' })).status).toBe(200);
    expect((await totalsOf(cartId)).coupon_code).toBe('VIJFEURO');
  });

  it('apply-coupon without a coupon parameter is a 400', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    expect((await post('apply-coupon', cartId)).body).toEqual({ code: 400, result: 'querystring.coupon is required' });
  });

  it('discount codes stack with the coupon and show in extension_attributes.discount_codes', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    await post('apply-coupon', cartId, undefined, { coupon: 'VIJFEURO' });
    expect((await post('apply-discount', cartId, { discount: [{ code: 'KORTING2' }] })).body).toEqual({
      code: 200,
      result: true,
    });
    let t = await totalsOf(cartId);
    expect(t.extension_attributes.discount_codes).toEqual(['KORTING2']);
    expect(t.discount_amount).toBe(-7);
    expect((await post('apply-discount', cartId, { discount: [{ code: 'VERLOPEN' }] })).status).toBe(404);
    expect((await post('apply-discount', cartId, { discount: [] })).status).toBe(400);
    expect((await post('delete-discount', cartId)).body).toEqual({ code: 200, result: true });
    t = await totalsOf(cartId);
    expect(t.extension_attributes.discount_codes).toEqual([]);
    expect(t.discount_amount).toBe(-5);
  });

  it('apply-shop-coupon takes a list body (bare or { coupons }) and delete-shop-coupon removes it', async () => {
    const cartId = await cartWith(['T-JAS', 1]);
    expect((await post('apply-shop-coupon', cartId, ['TIENPROCENT'])).status).toBe(200);
    expect((await post('delete-shop-coupon', cartId, ['TIENPROCENT'])).status).toBe(200);
    expect((await totalsOf(cartId)).coupon_code).toBeNull();
    expect((await post('apply-shop-coupon', cartId, { coupons: ['VIJFEURO'] })).status).toBe(200);
    expect((await totalsOf(cartId)).coupon_code).toBe('VIJFEURO');
    expect((await post('delete-shop-coupon', cartId, { coupons: ['VIJFEURO'] })).status).toBe(200);
    expect((await post('apply-shop-coupon', cartId, ['TIENPROCENT', 'VIJFEURO'])).status).toBe(400);
    expect((await post('apply-shop-coupon', cartId, [42])).status).toBe(400);
    expect((await post('apply-shop-coupon', cartId, ['VERLOPEN'])).status).toBe(404);
  });
});

describe('shipping and payment methods (spec 000 §3, §5 "shown only if available")', () => {
  type Method = { carrier_code: string; method_code: string; price_incl_tax: number; available: boolean };
  const mine = (list: Method[]) =>
    Object.fromEntries(
      list.filter((m) => m.carrier_code === SHIP.carrier).map((m) => [m.method_code, [m.price_incl_tax, m.available]]),
    );

  it('methods for a country with availability flags, free from the threshold, pickup free', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'T-JAS', 1);
    const nl = await post('shipping-methods', cartId, { country_id: 'NL' });
    expect(nl.status).toBe(200);
    expect(mine(nl.body.result as Method[])).toEqual({
      [SHIP.home]: [4.95, true],
      [SHIP.pickup]: [0, true],
      [SHIP.beOnly]: [6.95, false],
    });
    const be = await post('shipping-methods', cartId, {
      address: { country_id: 'BE', postcode: '2000', city: 'Antwerpen', street: ['Meir', '1'] },
    });
    expect(mine(be.body.result as Method[])[SHIP.beOnly]).toEqual([6.95, true]);
    await addItem(server, cartId, 'T-JAS', 1); // 59,90 ≥ 50,00
    const free = await post('shipping-methods', cartId, { country_id: 'NL' });
    expect(mine(free.body.result as Method[])[SHIP.home]).toEqual([0, true]);
  });

  it('shipping-methods without a country is a 400', async () => {
    const cartId = await newGuestCart(server);
    expect((await post('shipping-methods', cartId, {})).status).toBe(400);
    expect((await post('shipping-methods', cartId, { country_id: 'Nederland' })).status).toBe(400);
  });

  it('shipping-information stores the method and answers totals with shipping and the payment methods', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'T-JAS', 1);
    const address = {
      country_id: 'NL',
      postcode: '1012AB',
      city: 'Amsterdam',
      street: ['Damrak', '1'],
      firstname: 'Jan',
      lastname: 'Jansen',
    };
    const bad = await post('shipping-information', cartId, {
      addressInformation: {
        shippingAddress: address,
        shipping_method_code: SHIP.beOnly,
        shipping_carrier_code: SHIP.carrier,
      },
    });
    expect(bad.status).toBe(400);
    const missing = await post('shipping-information', cartId, { addressInformation: { shippingAddress: address } });
    expect(missing.body).toEqual({ code: 400, result: 'body.addressInformation.shipping_method_code is required' });

    const res = await post('shipping-information', cartId, {
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_method_code: SHIP.home,
        shipping_carrier_code: SHIP.carrier,
      },
    });
    expect(res.status).toBe(200);
    const { totals, payment_methods } = res.body.result as {
      totals: Totals;
      payment_methods: { code: string; cost_incl_tax: number; is_server_method: boolean }[];
    };
    // 29,95 + 4,95; tax 5,20 on the jacket and 0,86 on the shipping (21 %).
    expect(totals).toMatchObject({ shipping_incl_tax: 4.95, grand_total: 34.9, tax_amount: 6.06 });
    expect(payment_methods.filter((p) => p.code.startsWith('test_'))).toEqual([
      { code: PAY.ideal, title: 'iDEAL (test)', cost_incl_tax: 0, is_server_method: true },
      { code: PAY.fee, title: 'Achteraf betalen (test)', cost_incl_tax: 1.5, is_server_method: true },
    ]);
    expect((await totalsOf(cartId)).shipping_incl_tax).toBe(4.95);
  });

  it('payment methods follow the cart country: store default, then the shipping address', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'T-JAS', 1);
    const codes = async () =>
      (await api<{ code: string }[]>(server, 'GET', `${CART}/payment-methods${query({ cartId })}`)).body.result.map(
        (p) => p.code,
      );
    expect(await codes()).toEqual(expect.arrayContaining([PAY.ideal, PAY.fee]));
    await post('shipping-information', cartId, {
      addressInformation: {
        shippingAddress: { country_id: 'BE' },
        shipping_method_code: SHIP.beOnly,
        shipping_carrier_code: SHIP.carrier,
      },
    });
    const be = await codes();
    expect(be).toContain(PAY.fee);
    expect(be).not.toContain(PAY.ideal);
  });

  it('payment methods of an asked country, before the cart has its address; a bad country_id is a 400 naming it', async () => {
    const cartId = await newGuestCart(server);
    const codes = async (country_id: string) => {
      const res = await api<{ code: string }[]>(
        server,
        'GET',
        `${CART}/payment-methods${query({ cartId, country_id })}`,
      );
      expect(res.status).toBe(200);
      return res.body.result.map((p) => p.code);
    };
    expect(await codes('BE')).not.toContain(PAY.ideal);
    expect(await codes('be')).toContain(PAY.fee);
    expect(await codes('NL')).toContain(PAY.ideal);
    const bad = await api(server, 'GET', `${CART}/payment-methods${query({ cartId, country_id: 'Belgie' })}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('country_id');
  });
});
