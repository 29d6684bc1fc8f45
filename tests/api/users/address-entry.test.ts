import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { FIELD_MAX_LENGTHS } from '../../../contract/field-lengths.ts';
import { ORDER_ADDRESS, PAY, SHIP, placeOrder, useCheckoutServer } from '../cart/cart-fixtures.ts';
import { USER, newCustomer, withToken } from './users-support.ts';

/** Spec 001 §3 address labels "middle name", "company name", "tax id": stored with the address and the order. */

let server: TestServer;
useCheckoutServer({ products: 4 }, [{ id: 993001, sku: 'A-JAS', priceCents: 2995, stock: { qty: 20 } }], (s) => {
  server = s;
});

const BUSINESS = { middlename: 'van der', company: 'Kleermakerij Jansen B.V.', vat_id: 'NL123456789B01' };

const address = (extra: Record<string, unknown> = {}) => ({
  firstname: 'Piet',
  lastname: 'Berg',
  street: ['Oudegracht', '12'],
  city: 'Utrecht',
  postcode: '3511 AB',
  country_id: 'NL',
  ...extra,
});

type Saved = { id: number; middlename: string | null; company: string | null; vat_id: string | null };

describe('the address book: middle name, company and tax id', () => {
  it('are stored with the address and answered by me', async () => {
    const c = await newCustomer(server);
    const post = await api<{ addresses: Saved[] }>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: {
        email: c.email,
        firstname: 'Piet',
        lastname: 'Berg',
        addresses: [address(BUSINESS), address({ street: ['Neude', '3'] })],
      },
    });
    expect(post.status).toBe(200);
    const me = await api<{ addresses: Saved[] }>(server, 'GET', withToken(`${USER}/me`, c.token));
    expect(me.body.result.addresses[0]).toMatchObject(BUSINESS);
    // a private address has none of them
    expect(me.body.result.addresses[1]).toMatchObject({ middlename: null, company: null, vat_id: null });
  });

  it.each([
    ['middlename', FIELD_MAX_LENGTHS.middlename],
    ['company', FIELD_MAX_LENGTHS.company],
    ['vat_id', FIELD_MAX_LENGTHS.vatId],
  ])('a %s longer than %i letters is a 400 naming the field, and nothing is stored', async (field, max) => {
    const c = await newCustomer(server);
    const res = await api(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: {
        email: c.email,
        firstname: 'Piet',
        lastname: 'Berg',
        addresses: [address({ [field]: 'x'.repeat(max + 1) })],
      },
    });
    expect(res.status).toBe(400);
    expect(String(res.body.result)).toContain(`addresses.0.${field}`);
    const me = await api<{ addresses: Saved[] }>(server, 'GET', withToken(`${USER}/me`, c.token));
    expect(me.body.result.addresses).toEqual([]);
  });
});

describe('the order address: middle name, company and tax id', () => {
  const orderBody = (shippingAddress: Record<string, unknown>) => ({
    order_id: randomUUID(),
    products: [{ sku: 'A-JAS', qty: 1 }],
    addressInformation: {
      shippingAddress,
      shipping_method_code: SHIP.home,
      shipping_carrier_code: SHIP.carrier,
      payment_method_code: PAY.ideal,
    },
  });

  it('travel with the order and are kept on its address', async () => {
    const body = orderBody({ ...ORDER_ADDRESS, ...BUSINESS });
    expect((await placeOrder(server, body)).status).toBe(200);
    const { rows } = await server.db.query<{ shipping_address: Record<string, unknown> }>(
      'select shipping_address from orders where order_id = $1',
      [body.order_id],
    );
    expect(rows[0].shipping_address).toMatchObject(BUSINESS);
  });

  it('a tax id longer than its length is a 400 naming the field', async () => {
    const res = await placeOrder(
      server,
      orderBody({ ...ORDER_ADDRESS, vat_id: 'x'.repeat(FIELD_MAX_LENGTHS.vatId + 1) }),
    );
    expect(res.body).toEqual({
      code: 400,
      result: `body.addressInformation.shippingAddress.vat_id must NOT have more than ${FIELD_MAX_LENGTHS.vatId} characters`,
    });
  });
});
