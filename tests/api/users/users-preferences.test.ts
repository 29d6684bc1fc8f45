import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../../server/seed/demo-customer.ts';
import { api, startTestServer, type TestServer } from '../../support/test-server.ts';
import { USER, login, newCustomer, withToken } from './users-support.ts';

/** Account preferences (spec 001 §2 screens "newsletter, preferences, brands, store"): POST me stores, GET me answers. */
let server: TestServer;
let storeIds: number[];
let brandValues: number[];

interface Preferences {
  favorite_store_id: number | null;
  favorite_brands: number[];
  newsletter: boolean;
}
interface Customer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  preferences: Preferences;
}

beforeAll(async () => {
  server = await startTestServer({ products: 4 });
  const stores = await api<{ id: number; slug: string }[]>(server, 'GET', '/api/stores');
  storeIds = stores.body.result.map((s) => s.id);
  const attrs = await api<{ items: { options: { value: string }[] }[] }>(
    server,
    'POST',
    '/api/catalog/nl/attribute/_search',
    {
      filter: { attribute_code: 'brand' },
    },
  );
  brandValues = attrs.body.result.items[0].options.map((o) => Number(o.value));
});
afterAll(async () => {
  await server?.close();
});

/** The preferences of an account that never chose any. */
const NO_PREFERENCES = { favorite_store_id: null, favorite_brands: [], newsletter: false };

const customerOf = (c: { email: string }) => ({ email: c.email, firstname: 'Jan', lastname: 'Jansen' });

async function savePreferences(token: string, email: string, preferences: unknown) {
  return api<Customer>(server, 'POST', withToken(`${USER}/me`, token), {
    customer: { ...customerOf({ email }), preferences },
  });
}

async function me(token: string): Promise<Customer> {
  const res = await api<Customer>(server, 'GET', withToken(`${USER}/me`, token));
  expect(res.status).toBe(200);
  return res.body.result;
}

describe('preferences in GET and POST me', () => {
  it('a new account has no favourite store, no brands and no newsletter', async () => {
    const c = await newCustomer(server);
    expect((await me(c.token)).preferences).toEqual(NO_PREFERENCES);
  });

  it('stores the favourite store, brands and newsletter opt-in; GET me answers them', async () => {
    const c = await newCustomer(server);
    const chosen = {
      favorite_store_id: storeIds[1],
      favorite_brands: [brandValues[2], brandValues[0]],
      newsletter: true,
    };
    const res = await savePreferences(c.token, c.email, chosen);
    expect(res.status).toBe(200);
    expect(res.body.result.preferences).toEqual(chosen);
    expect((await me(c.token)).preferences).toEqual(chosen);
  });

  it('a key left out keeps its value; null clears the favourite store', async () => {
    const c = await newCustomer(server);
    await savePreferences(c.token, c.email, {
      favorite_store_id: storeIds[0],
      favorite_brands: [brandValues[1]],
      newsletter: true,
    });
    await savePreferences(c.token, c.email, { newsletter: false });
    expect((await me(c.token)).preferences).toEqual({
      favorite_store_id: storeIds[0],
      favorite_brands: [brandValues[1]],
      newsletter: false,
    });
    await savePreferences(c.token, c.email, { favorite_store_id: null, favorite_brands: [] });
    expect((await me(c.token)).preferences).toEqual(NO_PREFERENCES);
  });

  it('a profile update without preferences leaves them as they are', async () => {
    const c = await newCustomer(server);
    await savePreferences(c.token, c.email, { favorite_brands: [brandValues[3]], newsletter: true });
    const res = await api<Customer>(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { ...customerOf(c), firstname: 'Johan' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.preferences).toMatchObject({ favorite_brands: [brandValues[3]], newsletter: true });
  });

  it('the newsletter opt-in is a row in newsletter_subscriptions (the footer signup table), turned off, not deleted', async () => {
    const c = await newCustomer(server);
    await savePreferences(c.token, c.email, { newsletter: true });
    const rows = async () =>
      (
        await server.db.query<{ status: string; customer_id: number }>(
          `select status, customer_id from newsletter_subscriptions where lower(email) = lower($1) and subscription_type = 'newsletter'`,
          [c.email],
        )
      ).rows;
    expect(await rows()).toEqual([{ status: 'subscribed', customer_id: c.id }]);
    await savePreferences(c.token, c.email, { newsletter: false });
    expect(await rows()).toEqual([{ status: 'unsubscribed', customer_id: c.id }]);
  });

  it('the seeded demo customer sees his seeded favourite store (by slug) and newsletter opt-in', async () => {
    const demo = await login(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const stores = await api<{ id: number; slug: string }[]>(server, 'GET', '/api/stores');
    const kalverstraat = stores.body.result.find((s) => s.slug === 'ofm-amsterdam-kalverstraat');
    expect((await me(demo.token)).preferences).toMatchObject({
      favorite_store_id: kalverstraat?.id ?? null,
      newsletter: true,
    });
  });
});

describe('preferences validation: a 400 naming the field', () => {
  it.each([
    ['favorite_store_id', { favorite_store_id: 'winkel' }, 'body.customer.preferences.favorite_store_id'],
    ['favorite_brands', { favorite_brands: 'Nordic Tailor' }, 'body.customer.preferences.favorite_brands'],
    ['a brand that is not an integer', { favorite_brands: ['abc'] }, 'body.customer.preferences.favorite_brands.0'],
    ['newsletter', { newsletter: 'misschien' }, 'body.customer.preferences.newsletter'],
  ])('%s of the wrong type', async (_name, preferences, field) => {
    const c = await newCustomer(server);
    const res = await savePreferences(c.token, c.email, preferences);
    expect(res.status).toBe(400);
    expect(String(res.body.result)).toContain(field);
  });

  it('an unknown store id is a 400 naming favorite_store_id, and nothing is stored', async () => {
    const c = await newCustomer(server);
    const res = await savePreferences(c.token, c.email, {
      favorite_store_id: Math.max(...storeIds) + 1000,
      newsletter: true,
    });
    expect(res.status).toBe(400);
    expect(String(res.body.result)).toContain('body.customer.preferences.favorite_store_id');
    expect((await me(c.token)).preferences).toEqual(NO_PREFERENCES);
  });

  it('an option that is not a brand (a colour option) is a 400 naming favorite_brands', async () => {
    const c = await newCustomer(server);
    const res = await savePreferences(c.token, c.email, { favorite_brands: [brandValues[0], 49] });
    expect(res.status).toBe(400);
    expect(String(res.body.result)).toContain('body.customer.preferences.favorite_brands');
  });
});

describe('preferences belong to their customer', () => {
  it("another customer's GET me never shows them, and his POST me cannot change them", async () => {
    const a = await newCustomer(server);
    const b = await newCustomer(server);
    const chosen = { favorite_store_id: storeIds[2], favorite_brands: [brandValues[4]], newsletter: true };
    await savePreferences(a.token, a.email, chosen);
    expect((await me(b.token)).preferences).toEqual(NO_PREFERENCES);
    // b posts a's e-mail address: refused as taken, a's preferences untouched
    const res = await savePreferences(b.token, a.email, { favorite_store_id: null, newsletter: false });
    expect(res.status).toBe(400);
    expect((await me(a.token)).preferences).toEqual(chosen);
  });

  it('without a token the preferences cannot be read or written', async () => {
    expect((await api(server, 'GET', `${USER}/me`)).status).toBe(401);
    expect(
      (
        await api(server, 'POST', `${USER}/me`, {
          customer: { email: 'x@example.nl', firstname: 'Jan', lastname: 'Jansen', preferences: { newsletter: true } },
        })
      ).status,
    ).toBe(401);
  });
});
