import { describe, expect, it } from 'vitest';
import type { ContactOverview } from '../../../contract/engagement.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { login, newCustomer, USER, withToken } from '../users/users-support.ts';

/**
 * Spec 001 §7 engagement calls: GET contact id by customKey (the customer's external_id), GET contact overview by
 * contactId (favstore, favbrand), PATCH contact update by {contactId}; per customer by token.
 */
let server: TestServer;
let storeSlug: string;
let brands: string[];

useTestServer({ products: 6 }, async (started) => {
  server = started;
  storeSlug = (await server.db.query<{ slug: string }>('select slug from store_locations order by id limit 1')).rows[0]
    .slug;
  brands = (
    await server.db.query<{ label: string }>(
      `select o.label from attribute_options o join attributes a on a.attribute_id = o.attribute_id
        where a.attribute_code = 'brand' order by o.label limit 2`,
    )
  ).rows.map((r) => r.label);
});

const E = `${USER}/engagement`;
const externalIdOf = async (customerId: number) =>
  (await server.db.query<{ external_id: string }>('select external_id from customers where id = $1', [customerId]))
    .rows[0].external_id;
const contactId = (token: string, customKey: string) =>
  api<string>(server, 'GET', withToken(`${E}/contact-id?customKey=${encodeURIComponent(customKey)}`, token));
const overview = (token: string, id: string) =>
  api<ContactOverview>(server, 'GET', withToken(`${E}/contact/overview?contactId=${encodeURIComponent(id)}`, token));
const patch = (token: string, id: string, body: unknown) =>
  api<ContactOverview>(server, 'PATCH', withToken(`${E}/contact/${encodeURIComponent(id)}`, token), body);

async function customerWithContact() {
  const c = await newCustomer(server);
  const res = await contactId(c.token, await externalIdOf(c.id));
  expect(res.status).toBe(200);
  return { ...c, contactId: res.body.result };
}

describe('GET engagement contact id', () => {
  it("answers the demo customer's seeded contact by his external_id", async () => {
    const demo = await login(server, 'demo@ofm-shop.nl', 'Welkom#2026');
    const id = await server.db.query<{ id: number }>("select id from customers where email = 'demo@ofm-shop.nl'");
    const res = await contactId(demo.token, await externalIdOf(id.rows[0].id));
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ctc_7f3a9c2e51d04b8a');
    expect((await overview(demo.token, res.body.result)).body.result.attributes).toMatchObject({
      favstore: 'ofm-amsterdam-kalverstraat',
      favbrand: 'Nordic Tailor',
    });
  });

  it('a customer the platform has not seen gets one contact, the same on every call', async () => {
    const c = await customerWithContact();
    expect(c.contactId).toMatch(/^ctc_[0-9a-f]{16}$/);
    expect((await contactId(c.token, await externalIdOf(c.id))).body.result).toBe(c.contactId);
    expect((await overview(c.token, c.contactId)).body.result).toEqual({ contact_id: c.contactId, attributes: {} });
  });

  it("another customer's custom key is a 404 and creates nothing; no token is a 401; no customKey is a 400", async () => {
    const a = await newCustomer(server);
    const b = await newCustomer(server);
    const res = await contactId(a.token, await externalIdOf(b.id));
    expect(res.status).toBe(404);
    const { rows } = await server.db.query('select 1 from engagement_contacts where custom_key = $1', [
      await externalIdOf(b.id),
    ]);
    expect(rows).toEqual([]);
    expect((await api(server, 'GET', `${E}/contact-id?customKey=x`)).status).toBe(401);
    const missing = await api<string>(server, 'GET', withToken(`${E}/contact-id`, a.token));
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('customKey');
  });
});

describe('contact overview and PATCH contact update', () => {
  it('a PATCH changes favstore and favbrand, keeps other fields and removes a field set to null', async () => {
    const c = await customerWithContact();
    const first = await patch(c.token, c.contactId, { favstore: storeSlug, favbrand: brands[0], firstname: 'Jan' });
    expect(first.status).toBe(200);
    const second = await patch(c.token, c.contactId, { favbrand: brands.join(', '), firstname: null });
    expect(second.body.result).toEqual({
      contact_id: c.contactId,
      attributes: { favstore: storeSlug, favbrand: brands.join(', ') },
    });
    expect((await overview(c.token, c.contactId)).body.result).toEqual(second.body.result);
  });

  it("another customer's contact id is a 404 for the overview and the PATCH, and stays unchanged", async () => {
    const owner = await customerWithContact();
    await patch(owner.token, owner.contactId, { favbrand: brands[0] });
    const other = await newCustomer(server);
    expect((await overview(other.token, owner.contactId)).status).toBe(404);
    expect((await patch(other.token, owner.contactId, { favbrand: brands[1] })).status).toBe(404);
    expect((await overview(other.token, 'ctc_7f3a9c2e51d04b8a')).status).toBe(404);
    expect((await overview(owner.token, owner.contactId)).body.result.attributes).toEqual({ favbrand: brands[0] });
  });

  it('bad input is a 400 that names the field and changes nothing', async () => {
    const c = await customerWithContact();
    const cases: [unknown, string][] = [
      [{ favstore: 'bestaat-niet' }, 'favstore'],
      [{ favbrand: `${brands[0]}, Geen Merk` }, 'favbrand'],
      [{ favbrand: 'x'.repeat(201) }, 'favbrand'],
      [{ 'Niet-Snake': 'x' }, 'Niet-Snake'],
      [{ nested: { a: 1 } }, 'nested'],
      [{}, 'body'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(c.token, c.contactId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.result), JSON.stringify(body)).toContain(field);
    }
    expect((await overview(c.token, c.contactId)).body.result.attributes).toEqual({});
    expect((await overview(c.token, 'x'.repeat(65))).status).toBe(400);
  });
});
