import { beforeAll, describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { USER, login, newCustomer, uniqueEmail, withToken } from './users-support.ts';

let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

interface Address {
  id: number;
  street: string[];
  city: string;
  default_shipping: boolean;
}
interface Customer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  date_of_birth: string | null;
  mobile_number: string | null;
  addresses: Address[];
  coupons: Array<{ code: string; is_valid: boolean; discount_value: number }>;
}

const address = (street: string, extra: Record<string, unknown> = {}) => ({
  firstname: 'Piet',
  lastname: 'Pietersen',
  street: [street, '12'],
  city: 'Utrecht',
  postcode: '3511 AB',
  country_id: 'NL',
  ...extra,
});

describe('GET me', () => {
  it('answers the customer with id, addresses with ids, external_id, group_id, group_token', async () => {
    const c = await newCustomer(server, { addresses: [address('Oudegracht')] });
    const res = await api<Customer & Record<string, unknown>>(server, 'GET', withToken(`${USER}/me`, c.token));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: c.id,
      email: c.email,
      group_id: 1,
      external_id: expect.stringMatching(/^OFM-C-/),
      group_token: expect.any(String),
      date_of_birth: null,
      mobile_number: null,
      coupons: [],
    });
    expect(res.body.result.addresses[0].id).toEqual(expect.any(Number));
  });
});

describe('POST me (profile update)', () => {
  it('updates names, e-mail, date_of_birth and mobile_number and answers the updated customer', async () => {
    const c = await newCustomer(server);
    const email = uniqueEmail('gewijzigd');
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: {
        email,
        firstname: 'Kees',
        lastname: 'de Boer',
        date_of_birth: '1990-02-28',
        mobile_number: '0612345678',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      email,
      firstname: 'Kees',
      lastname: 'de Boer',
      date_of_birth: '1990-02-28',
      mobile_number: '0612345678',
    });
    expect(res.body.meta?.session_expires).toEqual(expect.any(String));
    await expect(login(server, email)).resolves.toHaveProperty('token');
  });

  it('accepts the profile exactly as GET me answered it (the worker sends the whole current customer back)', async () => {
    const c = await newCustomer(server, {
      addresses: [address('Oudegracht', { region: null, telephone: null, default_billing: true })],
    });
    const me = await api<Customer>(server, 'GET', withToken(`${USER}/me`, c.token));
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { ...me.body.result, firstname: 'Joost' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ ...me.body.result, firstname: 'Joost', updated_at: expect.any(String) });
  });

  it("an empty date_of_birth is dropped and mobile_number '-' means none (spec 000 §5)", async () => {
    const c = await newCustomer(server);
    const base = { email: c.email, firstname: 'Jan', lastname: 'Jansen' };
    await api(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { ...base, date_of_birth: '1980-01-01', mobile_number: '0612345678' },
    });
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { ...base, date_of_birth: '', mobile_number: '-' },
    });
    expect(res.body.result).toMatchObject({ date_of_birth: '1980-01-01', mobile_number: null });
  });

  it('date_of_birth accepts the Dutch D-M-YYYY and stores ISO; a future date is a 400', async () => {
    const c = await newCustomer(server);
    const base = { email: c.email, firstname: 'Jan', lastname: 'Jansen' };
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { ...base, date_of_birth: '28-2-1990' },
    });
    expect(res.body.result.date_of_birth).toBe('1990-02-28');
    const future = await api(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { ...base, date_of_birth: '2999-01-01' },
    });
    expect(future).toMatchObject({
      status: 400,
      body: { result: expect.stringMatching(/^body\.customer\.date_of_birth: /) },
    });
  });

  it('upserts addresses: updates an own address by id, inserts one without id, keeps the others', async () => {
    const c = await newCustomer(server, { addresses: [address('Oudegracht'), address('Neude')] });
    const me = await api<Customer>(server, 'GET', withToken(`${USER}/me`, c.token));
    const [first, second] = me.body.result.addresses;
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: {
        email: c.email,
        firstname: 'Jan',
        lastname: 'Jansen',
        addresses: [{ ...address('Vredenburg'), id: first.id, default_shipping: true }, address('Lange Viestraat')],
      },
    });
    expect(res.status).toBe(200);
    const streets = res.body.result.addresses.map((a) => a.street[0]);
    expect(streets).toEqual(['Vredenburg', 'Neude', 'Lange Viestraat']);
    expect(res.body.result.addresses.find((a) => a.id === second.id)?.default_shipping).toBe(false);
    expect(res.body.result.addresses.find((a) => a.id === first.id)?.default_shipping).toBe(true);
  });

  it("is_default ('0' by default) and address_type (DELIVERY by default) are kept; an address that loses its default claim is no default any more (spec 001 §3)", async () => {
    const c = await newCustomer(server, {
      addresses: [{ ...address('Domplein'), is_default: '1', default_shipping: true }],
    });
    type Typed = Address & { is_default: string; address_type: string; default_billing: boolean };
    const post = (addresses: unknown[]) =>
      api<{ addresses: Typed[] }>(server, 'POST', withToken(`${USER}/me`, c.token), {
        customer: { email: c.email, firstname: 'Jan', lastname: 'Jansen', addresses },
      });
    const plain = await post([address('Janskerkhof')]);
    expect(plain.body.result.addresses.find((a) => a.street[0] === 'Janskerkhof')).toMatchObject({
      is_default: '0',
      address_type: 'DELIVERY',
    });
    const res = await post([
      { ...address('Drift'), address_type: 'BILLING', is_default: '1', default_shipping: true, default_billing: true },
    ]);
    expect(res.status).toBe(200);
    const byStreet = Object.fromEntries(res.body.result.addresses.map((a) => [a.street[0], a]));
    expect(byStreet.Drift).toMatchObject({
      address_type: 'BILLING',
      is_default: '1',
      default_shipping: true,
      default_billing: true,
    });
    expect(byStreet.Domplein).toMatchObject({ is_default: '0', default_shipping: false });
  });

  it('a retried update does not duplicate a new address', async () => {
    const c = await newCustomer(server);
    const body = {
      customer: { email: c.email, firstname: 'Jan', lastname: 'Jansen', addresses: [address('Mariaplaats')] },
    };
    await api(server, 'POST', withToken(`${USER}/me`, c.token), body);
    const again = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), body);
    expect(again.body.result.addresses).toHaveLength(1);
  });

  it("another customer's address id is a 404 and leaves that address untouched", async () => {
    const owner = await newCustomer(server, { addresses: [address('Domplein')] });
    const ownerMe = await api<Customer>(server, 'GET', withToken(`${USER}/me`, owner.token));
    const foreignId = ownerMe.body.result.addresses[0].id;
    const intruder = await newCustomer(server);
    const res = await api(server, 'POST', withToken(`${USER}/me`, intruder.token), {
      customer: {
        email: intruder.email,
        firstname: 'Jan',
        lastname: 'Jansen',
        addresses: [{ ...address('Gekaapt'), id: foreignId }],
      },
    });
    expect(res.status).toBe(404);
    const after = await api<Customer>(server, 'GET', withToken(`${USER}/me`, owner.token));
    expect(after.body.result.addresses[0].street[0]).toBe('Domplein');
  });

  it("changing the e-mail to another customer's e-mail is a 400", async () => {
    const a = await newCustomer(server);
    const b = await newCustomer(server);
    const res = await api(server, 'POST', withToken(`${USER}/me`, b.token), {
      customer: { email: a.email, firstname: 'Jan', lastname: 'Jansen' },
    });
    expect(res).toMatchObject({ status: 400, body: { result: 'Er bestaat al een account met dit e-mailadres.' } });
  });

  it('rejects a malformed e-mail, a bad mobile number and markup in names, naming the field', async () => {
    const c = await newCustomer(server);
    const base = { email: c.email, firstname: 'Jan', lastname: 'Jansen' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, email: 'jan@@example' }, /^body\.customer\.email: /],
      [{ ...base, mobile_number: '12' }, /^body\.customer\.mobile_number: /],
      [{ ...base, lastname: '<img src=x onerror=alert(1)>' }, /^body\.customer\.lastname: /],
      [{ ...base, firstname: 42, lastname: undefined }, /^body\.customer\.lastname is required$/],
    ];
    for (const [customer, message] of cases) {
      const res = await api(server, 'POST', withToken(`${USER}/me`, c.token), { customer });
      expect(res.status, JSON.stringify(customer)).toBe(400);
      expect(res.body.result).toMatch(message);
    }
  });

  it('needs a valid token', async () => {
    const res = await api(server, 'POST', withToken(`${USER}/me`, 'onzin'), {
      customer: { email: 'a@b.nl', firstname: 'Jan', lastname: 'Jansen' },
    });
    expect(res).toMatchObject({ status: 401, body: { code: 401, result: 'Unauthorized' } });
  });
});

describe('DELETE address (spec 000 §7 "user_id, address_id")', () => {
  it('deletes an own address given in the query', async () => {
    const c = await newCustomer(server, { addresses: [address('Lijnmarkt')] });
    const me = await api<Customer>(server, 'GET', withToken(`${USER}/me`, c.token));
    const id = me.body.result.addresses[0].id;
    const res = await api(server, 'DELETE', withToken(`${USER}/address?user_id=${c.id}&address_id=${id}`, c.token));
    expect(res).toMatchObject({ status: 200, body: { result: true } });
    const after = await api<Customer>(server, 'GET', withToken(`${USER}/me`, c.token));
    expect(after.body.result.addresses).toHaveLength(0);
  });

  it('accepts the address in the body', async () => {
    const c = await newCustomer(server, { addresses: [address('Twijnstraat')] });
    const me = await api<Customer>(server, 'GET', withToken(`${USER}/me`, c.token));
    const res = await api(server, 'DELETE', withToken(`${USER}/address`, c.token), {
      user_id: c.id,
      address_id: me.body.result.addresses[0].id,
    });
    expect(res.status).toBe(200);
  });

  it("another customer's address is a 404 (never 403, never data) and stays", async () => {
    const owner = await newCustomer(server, { addresses: [address('Voorstraat')] });
    const ownerMe = await api<Customer>(server, 'GET', withToken(`${USER}/me`, owner.token));
    const id = ownerMe.body.result.addresses[0].id;
    const intruder = await newCustomer(server);
    const res = await api(
      server,
      'DELETE',
      withToken(`${USER}/address?user_id=${owner.id}&address_id=${id}`, intruder.token),
    );
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Voorstraat');
    const after = await api<Customer>(server, 'GET', withToken(`${USER}/me`, owner.token));
    expect(after.body.result.addresses).toHaveLength(1);
  });

  it('a missing address_id is a 400 naming it', async () => {
    const c = await newCustomer(server);
    const res = await api(server, 'DELETE', withToken(`${USER}/address`, c.token));
    expect(res).toMatchObject({ status: 400, body: { result: 'querystring.address_id is required' } });
  });
});

describe('add-coupon (spec 000 §7 "couponCode; the result is the profile")', () => {
  beforeAll(async () => {
    const day = 24 * 3600_000;
    const now = Date.now();
    await server.db.query(
      `insert into coupons (code, description, discount_type, discount_value, valid_from, valid_to, is_active, customer_id) values
        ('TESTWELKOM10', '10% welkomstkorting', 'percent', 10, null, null, true, null),
        ('TESTVERLOPEN', 'Verlopen actie', 'fixed', 500, $1, $2, true, null),
        ('TESTUIT', 'Uitgezet', 'percent', 5, null, null, false, null)`,
      [new Date(now - 30 * day).toISOString(), new Date(now - day).toISOString()],
    );
  });

  it('adds a valid coupon and answers the profile with its coupons', async () => {
    const c = await newCustomer(server);
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/add-coupon`, c.token), {
      couponCode: 'testwelkom10',
    });
    expect(res.status).toBe(200);
    expect(res.body.result.id).toBe(c.id);
    expect(res.body.result.coupons).toEqual([
      expect.objectContaining({ code: 'TESTWELKOM10', is_valid: true, discount_value: 10 }),
    ]);
    const again = await api<Customer>(server, 'POST', withToken(`${USER}/add-coupon`, c.token), {
      couponCode: 'TESTWELKOM10',
    });
    expect(again.body.result.coupons).toHaveLength(1);
  });

  it('an expired or inactive coupon is a 400 "geen geldige couponcode"', async () => {
    const c = await newCustomer(server);
    for (const code of ['TESTVERLOPEN', 'TESTUIT']) {
      const res = await api(server, 'POST', withToken(`${USER}/add-coupon`, c.token), { couponCode: code });
      expect(res).toMatchObject({ status: 400, body: { result: 'Dit is geen geldige couponcode.' } });
    }
  });

  it("an unknown code and another customer's personal coupon are the same 404", async () => {
    const owner = await newCustomer(server);
    await server.db.query(
      `insert into coupons (code, description, discount_type, discount_value, customer_id) values ('TESTPERSOONLIJK', 'Voor jou', 'percent', 15, $1)`,
      [owner.id],
    );
    const intruder = await newCustomer(server);
    const foreign = await api(server, 'POST', withToken(`${USER}/add-coupon`, intruder.token), {
      couponCode: 'TESTPERSOONLIJK',
    });
    const unknown = await api(server, 'POST', withToken(`${USER}/add-coupon`, intruder.token), {
      couponCode: 'BESTAATNIET',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.result).toBe(unknown.body.result);
    const ownerMe = await api<Customer>(server, 'GET', withToken(`${USER}/me`, owner.token));
    expect(ownerMe.body.result.coupons.map((x) => x.code)).toEqual(['TESTPERSOONLIJK']);
  });
});

describe('customer search (spec 000 §7 "posts email_address and reads meta.customer_exists")', () => {
  it('tells whether an e-mail has an account, case-insensitively', async () => {
    const c = await newCustomer(server);
    const yes = await api(server, 'POST', `${USER}/customer-search`, { email_address: c.email.toUpperCase() });
    expect(yes).toMatchObject({ status: 200, body: { meta: { customer_exists: true } } });
    const no = await api(server, 'POST', `${USER}/search-customer`, { email_address: uniqueEmail('niemand') });
    expect(no.body.meta).toEqual({ customer_exists: false });
  });

  it('is rate-limited per client address: the 21st lookup within 15 minutes is 429', async () => {
    server.setNow(new Date(Date.now() + 5 * 24 * 3600_000));
    try {
      for (let i = 0; i < 20; i++) {
        expect((await api(server, 'POST', `${USER}/customer-search`, { email_address: uniqueEmail() })).status).toBe(
          200,
        );
      }
      expect((await api(server, 'POST', `${USER}/customer-search`, { email_address: uniqueEmail() })).status).toBe(429);
    } finally {
      server.setNow(undefined);
    }
  });
});
