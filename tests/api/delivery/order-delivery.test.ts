import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderDelivery, ParcelShop } from '../../../contract/delivery.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { ORDER_ADDRESS, insertProduct, makeCustomer, query } from '../cart/cart-fixtures.ts';

let server: TestServer;

useTestServer({ products: 4 }, async (started) => {
  server = started;
  await insertProduct(server.db, { id: 993001, sku: 'D-JAS', priceCents: 2995, stock: { qty: 50 } });
});

const shops = (carrier: string, country: string, zip: string) =>
  api<ParcelShop[] | string>(server, 'GET', `/api/ext/parcel-shops/${carrier}/${country}/${encodeURIComponent(zip)}`);

const BELGIAN_ADDRESS = {
  ...ORDER_ADDRESS,
  street: ['Meir', '12'],
  city: 'Antwerpen',
  postcode: '2000',
  country_id: 'BE',
};

function orderBody(
  method: { carrier: string; method: string },
  extra: Record<string, unknown> = {},
  address: Record<string, unknown> = ORDER_ADDRESS,
) {
  return {
    order_id: randomUUID(),
    products: [{ sku: 'D-JAS', qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_carrier_code: method.carrier,
      shipping_method_code: method.method,
      payment_method_code: address.country_id === 'BE' ? 'bancontact' : 'ideal',
      ...extra,
    },
  };
}

const placeOrder = (body: unknown, token?: string) =>
  api<{ order_id: string; increment_id: string } | string>(server, 'POST', `/api/order${query({ token })}`, body);

async function storedDelivery(orderId: string): Promise<OrderDelivery | null> {
  const { rows } = await server.db.query<{ delivery: OrderDelivery | null }>(
    'select delivery from orders where order_id = $1',
    [orderId],
  );
  return rows[0]?.delivery ?? null;
}

async function firstStore(country: string): Promise<{ id: number; name: string }> {
  const { rows } = await server.db.query<{ id: number; name: string }>(
    'select id, name from store_locations where country_id = $1 order by id limit 1',
    [country],
  );
  return rows[0];
}

describe('GET /api/ext/parcel-shops/{carrier}/{country}/{zipCode} (spec 001 §7)', () => {
  it('answers the DHL ServicePoints near an Amsterdam postcode, nearest first, with address and opening hours', async () => {
    const res = await shops('dhl', 'NL', '1015 CJ');
    expect(res.status).toBe(200);
    const list = res.body.result as ParcelShop[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(10);
    for (const shop of list) {
      expect(shop).toMatchObject({ carrier: 'dhl', address: { city: 'Amsterdam', country_id: 'NL' } });
      expect(shop.name).toMatch(/^DHL ServicePoint /);
      expect(shop.distance).toBeLessThanOrEqual(15_000);
      expect(shop.opening_hours[0]).toMatchObject({ days: 'maandag t/m vrijdag', open: '08:00' });
    }
    const distances = list.map((s) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('answers Budbee boxes for a Belgian postcode, and the lower-case spelling of a Dutch one the same as its own', async () => {
    const be = await shops('budbee', 'BE', '2018');
    expect(be.status).toBe(200);
    expect((be.body.result as ParcelShop[]).map((s) => [s.carrier, s.address.city])).toContainEqual([
      'budbee',
      'Antwerpen',
    ]);
    const spaced = await shops('budbee', 'nl', '3511 AB');
    const compact = await shops('budbee', 'NL', '3511ab');
    expect(spaced.status).toBe(200);
    expect((spaced.body.result as ParcelShop[]).length).toBeGreaterThan(0);
    expect(compact.body.result).toEqual(spaced.body.result);
  });

  it('answers an empty list for an area without points (the picker says "No service points found")', async () => {
    const res = await shops('dhl', 'NL', '7811 AA'); // Emmen: no seeded ServicePoint within 15 km
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
    expect((await shops('budbee', 'BE', '6700')).body.result).toEqual([]); // Arlon
  });

  it('refuses a bad carrier, country or postcode with a 400 naming the field', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['ups', 'NL', '1015 CJ', /^params\.carrier /],
      ['dhl', 'DE', '10115', /^params\.country /],
      ['dhl', 'NL', '0123 AB', /^params\.zipCode: Vul een geldige postcode/],
      ['dhl', 'NL', '2000', /^params\.zipCode: /],
      ['budbee', 'BE', '1015 CJ', /^params\.zipCode: /],
      ['dhl', 'NL', "1015' or 1=1", /^params\.zipCode/],
    ];
    for (const [carrier, country, zip, message] of cases) {
      const res = await shops(carrier, country, zip);
      expect(res.status, `${carrier}/${country}/${zip}`).toBe(400);
      expect(res.body.result).toMatch(message);
    }
  });
});

describe('POST /api/order stores the chosen delivery (spec 001 §1, §5)', () => {
  it('stores the DHL ServicePoint as the server knows it, and the order view returns it', async () => {
    const [point] = (await shops('dhl', 'NL', '1015 CJ')).body.result as ParcelShop[];
    const body = orderBody(
      { carrier: 'dhl', method: 'servicepoint' },
      { shipping_point: { id: point.id, name: 'wat de klant zag' } },
    );
    const res = await placeOrder(body);
    expect(res.status).toBe(200);
    const { distance: _distance, ...stored } = point;
    expect(await storedDelivery(body.order_id)).toEqual({
      carrier_code: 'dhl',
      method_code: 'servicepoint',
      carrier_title: 'DHL',
      method_title: 'Afhalen bij een DHL ServicePoint',
      point: stored,
      store: null,
    });
    const view = await api<Record<string, unknown>>(server, 'GET', `/api/order/${body.order_id}`);
    expect(view.body.result).toMatchObject({
      delivery: { method_title: 'Afhalen bij een DHL ServicePoint', point: { id: point.id, name: point.name } },
      payment_method: 'ideal',
      payment_method_title: 'iDEAL',
      status: 'Pending',
      shipping_address: { postcode: ORDER_ADDRESS.postcode, city: 'Amsterdam' },
    });
  });

  it('stores a Budbee box and a pickup store', async () => {
    const [box] = (await shops('budbee', 'NL', '1015 CJ')).body.result as ParcelShop[];
    const budbee = orderBody({ carrier: 'budbee', method: 'box' }, { shipping_point: { id: box.id } });
    expect((await placeOrder(budbee)).status).toBe(200);
    expect(await storedDelivery(budbee.order_id)).toMatchObject({ method_title: 'Budbee-box', point: { id: box.id } });

    const store = await firstStore('NL');
    const pickup = orderBody({ carrier: 'storepickup', method: 'storepickup' }, { pickup_store: { id: store.id } });
    expect((await placeOrder(pickup)).status).toBe(200);
    expect(await storedDelivery(pickup.order_id)).toMatchObject({
      carrier_code: 'storepickup',
      point: null,
      store: { id: store.id, name: store.name },
    });
  });

  it('refuses a point or store method without a valid point or store: "A service point or store must be selected."', async () => {
    const [dhlPoint] = (await shops('dhl', 'NL', '1015 CJ')).body.result as ParcelShop[];
    const [beBox] = (await shops('budbee', 'BE', '2000')).body.result as ParcelShop[];
    const refused: [ReturnType<typeof orderBody>, string][] = [
      [orderBody({ carrier: 'dhl', method: 'servicepoint' }), 'shipping_point'],
      [orderBody({ carrier: 'dhl', method: 'servicepoint' }, { shipping_point: null }), 'shipping_point'],
      [
        orderBody({ carrier: 'dhl', method: 'servicepoint' }, { shipping_point: { id: 'DHL-NL-9999' } }),
        'shipping_point',
      ],
      // a Budbee box is not a DHL ServicePoint, and a Belgian box does not serve a Dutch address
      [orderBody({ carrier: 'budbee', method: 'box' }, { shipping_point: { id: dhlPoint.id } }), 'shipping_point'],
      [orderBody({ carrier: 'budbee', method: 'box' }, { shipping_point: { id: beBox.id } }), 'shipping_point'],
      [orderBody({ carrier: 'storepickup', method: 'storepickup' }), 'pickup_store'],
      [orderBody({ carrier: 'storepickup', method: 'storepickup' }, { pickup_store: { id: 999999 } }), 'pickup_store'],
    ];
    for (const [body, field] of refused) {
      const res = await placeOrder(body);
      expect(res.status, JSON.stringify(body.addressInformation)).toBe(400);
      expect(res.body.result).toBe(`body.addressInformation.${field}: Kies een afhaalpunt of winkel.`);
      expect(await storedDelivery(body.order_id)).toBeNull();
    }
    const badShape = await placeOrder(
      orderBody({ carrier: 'storepickup', method: 'storepickup' }, { pickup_store: { id: 'winkel' } }),
    );
    expect(badShape.status).toBe(400);
    expect(badShape.body.result).toMatch(/^body\.addressInformation\.pickup_store\.id /);
  });

  it("refuses a shipping address whose postcode breaks the country's rule, naming the field", async () => {
    for (const address of [
      { ...ORDER_ADDRESS, postcode: '0123 AB' },
      { ...ORDER_ADDRESS, postcode: '2000' },
      { ...BELGIAN_ADDRESS, postcode: '1015 CJ' },
    ]) {
      const body = orderBody({ carrier: 'storepickup', method: 'storepickup' }, { pickup_store: { id: 1 } }, address);
      const res = await placeOrder(body);
      expect(res.status, address.postcode).toBe(400);
      expect(res.body.result).toBe(
        'body.addressInformation.shippingAddress.postcode: Vul een geldige postcode en huisnummer in.',
      );
      expect(await storedDelivery(body.order_id)).toBeNull();
    }
  });

  it('takes a Belgian address with a BE method and refuses the NL-only default', async () => {
    const nlDefault = await placeOrder(orderBody({ carrier: 'dhl', method: 'home' }, {}, BELGIAN_ADDRESS));
    expect(nlDefault.status).toBe(400);
    const [point] = (await shops('dhl', 'BE', '2000')).body.result as ParcelShop[];
    const body = orderBody(
      { carrier: 'dhl', method: 'servicepoint_be' },
      { shipping_point: { id: point.id } },
      BELGIAN_ADDRESS,
    );
    expect((await placeOrder(body)).status).toBe(200);
    expect(await storedDelivery(body.order_id)).toMatchObject({
      method_code: 'servicepoint_be',
      point: { id: point.id, address: { country_id: 'BE' } },
    });
  });

  it("shows the delivery in the customer's order history, and another customer can read none of it", async () => {
    const owner = await makeCustomer(server.db);
    const store = await firstStore('BE');
    const body = orderBody(
      { carrier: 'storepickup', method: 'storepickup' },
      { pickup_store: { id: store.id } },
      BELGIAN_ADDRESS,
    );
    const placed = await placeOrder(body, owner.token);
    expect(placed.status).toBe(200);
    const incrementId = (placed.body.result as { increment_id: string }).increment_id;

    const detail = `/api/ext/shop/user/order-history/detail${query({ increment_id: incrementId })}`;
    const mine = await api<Record<string, unknown>>(server, 'GET', `${detail}&token=${owner.token}`);
    expect(mine.status).toBe(200);
    expect(mine.body.result).toMatchObject({
      status: 'Pending',
      payment: { method: 'bancontact', title: 'Bancontact' },
      delivery: { method_title: 'Gratis afhalen in de winkel', store: { id: store.id, name: store.name } },
      shipping_address: { city: 'Antwerpen', country_id: 'BE' },
    });

    const other = await makeCustomer(server.db);
    expect((await api(server, 'GET', `${detail}&token=${other.token}`)).status).toBe(404);
    expect((await api(server, 'GET', `/api/order/${incrementId}${query({ token: other.token })}`)).status).toBe(404);
    const history = await api<{ items: { increment_id: string }[] }>(
      server,
      'GET',
      `/api/ext/shop/user/order-history${query({ token: other.token })}`,
    );
    expect(history.body.result.items.map((o) => o.increment_id)).not.toContain(incrementId);
  });
});
