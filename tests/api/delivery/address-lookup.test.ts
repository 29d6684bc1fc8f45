import { describe, expect, it } from 'vitest';
import type { AddressLookupResult } from '../../../contract/address-lookup.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;

useTestServer({ products: 4 }, (started) => {
  server = started;
});

const lookup = (query: Record<string, string>) =>
  api<AddressLookupResult | string>(server, 'GET', `/api/ext/address/lookup?${new URLSearchParams(query).toString()}`);

describe('GET /api/ext/address/lookup (spec 000 §9 "Postcode lookup is allowed for NL and BE")', () => {
  it('answers the street and city of an NL postcode and house number, in any spelling of the postcode', async () => {
    const store = await lookup({ country: 'NL', postcode: '3511AJ', houseNumber: '171' });
    expect(store.status).toBe(200);
    expect(store.body).toEqual({ code: 200, result: { street: 'Oudegracht', city: 'Utrecht' } });
    for (const postcode of ['3511 AJ', '3511aj', ' 3511 aj ']) {
      expect((await lookup({ country: 'nl', postcode, houseNumber: '171' })).body.result).toEqual(store.body.result);
    }
    // the demo customer's address, with its addition
    expect((await lookup({ country: 'NL', postcode: '1015CJ', houseNumber: '123 B' })).body.result).toEqual({
      street: 'Keizersgracht',
      city: 'Amsterdam',
    });
  });

  it('knows every address the seed wrote: stores, the demo customer, parcel shops', async () => {
    const { rows } = await server.db.query<{
      country: string;
      postcode: string;
      street: string;
      house: string;
      city: string;
    }>(
      `select country_id as country, postcode, street, house_number as house, city from store_locations
       union all select country_id, postcode, street[1], street[2], city from customer_addresses
       union all select country_id, postcode, street, house_number, city from parcel_shops`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const a of rows) {
      const res = await lookup({ country: a.country, postcode: a.postcode, houseNumber: a.house });
      expect(res.status, `${a.postcode} ${a.house}`).toBe(200);
      expect(res.body.result).toEqual({ street: a.country === 'NL' ? a.street : null, city: a.city });
    }
  });

  it('answers the generated NL areas by side of the street, and 404 with a Dutch reason for what it does not know', async () => {
    const odd = await lookup({ country: 'NL', postcode: '3521AA', houseNumber: '7' });
    const even = await lookup({ country: 'NL', postcode: '3521AB', houseNumber: '8' });
    expect(odd.status).toBe(200);
    expect(odd.body.result).toMatchObject({ city: 'Utrecht' });
    expect(even.body.result).toEqual(odd.body.result); // one street: the odd side, then the even side
    const wrongSide = await lookup({ country: 'NL', postcode: '3521AB', houseNumber: '7' });
    expect(wrongSide.status).toBe(404);
    expect(wrongSide.body).toEqual({
      code: 404,
      result: 'Dit huisnummer is niet gevonden bij deze postcode. Vul de straat en plaats zelf in.',
      meta: { field: 'houseNumber' },
    });
    const unknown = await lookup({ country: 'NL', postcode: '1234ZZ', houseNumber: '1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.result).toBe('Deze postcode is niet gevonden. Vul de straat en plaats zelf in.');
    expect(unknown.body.meta).toEqual({ field: 'postcode' });
  });

  it('answers a BE postcode with its gemeente and no street (no per-house lookup in Belgium)', async () => {
    const antwerpen = await lookup({ country: 'BE', postcode: '2000' });
    expect(antwerpen.body).toEqual({ code: 200, result: { street: null, city: 'Antwerpen' } });
    expect((await lookup({ country: 'be', postcode: '8000', houseNumber: '12' })).body.result).toEqual({
      street: null,
      city: 'Brugge',
    });
    const unknown = await lookup({ country: 'BE', postcode: '9999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.result).toMatch(/^Deze postcode is niet gevonden/);
  });

  it('refuses bad input with a 400 naming the field, never a crash', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ country: 'DE', postcode: '10115', houseNumber: '1' }, /^querystring\.country: /],
      [{ country: 'NLD', postcode: '3511AJ', houseNumber: '1' }, /^querystring\.country /],
      [{ postcode: '3511AJ', houseNumber: '1' }, /country/],
      [{ country: 'NL', houseNumber: '1' }, /postcode/],
      [{ country: 'NL', postcode: '2000', houseNumber: '1' }, /^querystring\.postcode: Vul een geldige postcode/],
      [{ country: 'NL', postcode: '0123AB', houseNumber: '1' }, /^querystring\.postcode: /],
      [{ country: 'BE', postcode: '3511AJ' }, /^querystring\.postcode: /],
      [{ country: 'NL', postcode: "3511' or 1=1", houseNumber: '1' }, /^querystring\.postcode/],
      [{ country: 'NL', postcode: '3511AJ' }, /^querystring\.houseNumber: Vul een huisnummer in\./],
      [{ country: 'NL', postcode: '3511AJ', houseNumber: '0' }, /^querystring\.houseNumber: /],
      [{ country: 'NL', postcode: '3511AJ', houseNumber: 'abc' }, /^querystring\.houseNumber: /],
      [{ country: 'NL', postcode: '3511AJ', houseNumber: '123456' }, /^querystring\.houseNumber: /],
      [{ country: 'NL', postcode: '3511AJ', houseNumber: '1'.repeat(40) }, /^querystring\.houseNumber /],
      [{ country: 'BE', postcode: '2000', houseNumber: '-4' }, /^querystring\.houseNumber: /],
    ];
    for (const [query, message] of cases) {
      const res = await lookup(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.result).toMatch(message);
    }
  });
});
