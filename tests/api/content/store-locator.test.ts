import { describe, expect, it } from 'vitest';
import type { StoreLocation } from '../../../contract/store.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

const search = (query: string) => api<StoreLocation[] | string>(server, 'GET', `/api/stores?${query}`);

async function nearest(q: string, extra = ''): Promise<StoreLocation[]> {
  const res = await search(`q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return res.body.result as StoreLocation[];
}

/** The distances are measured and the list is nearest first. */
function expectNearestFirst(stores: StoreLocation[]) {
  const distances = stores.map((s) => s.distance);
  for (const d of distances) expect(Number.isInteger(d)).toBe(true);
  expect(distances).toEqual([...distances].sort((a, b) => a! - b!));
}

describe('GET /api/stores?q= (store locator search, spec 001 §1)', () => {
  it('a Dutch postcode, with or without its space, puts the store of that city first', async () => {
    for (const q of ['3511 AB', '3511ab']) {
      const stores = await nearest(q);
      expect(stores).toHaveLength(12);
      expect(stores[0]).toMatchObject({ slug: 'ofm-utrecht-oudegracht', city: 'Utrecht', house_number: '171' });
      expect(stores[0]!.distance).toBeLessThan(2_000);
      expectNearestFirst(stores);
    }
  });

  it('four digits are a Belgian postcode; a city name is found in any case', async () => {
    expect((await nearest('2000'))[0]!.slug).toBe('ofm-antwerpen-meir');
    expect((await nearest('9000'))[0]!.slug).toBe('ofm-gent-veldstraat');
    const groningen = await nearest('groningen');
    expect(groningen[0]!.slug).toBe('ofm-groningen-herestraat');
    expectNearestFirst(groningen);
  });

  it('with a country only that country, still nearest first', async () => {
    const stores = await nearest('3511 AB', '&country=BE');
    expect(stores.length).toBe(4);
    for (const s of stores) expect(s.country_id).toBe('BE');
    expectNearestFirst(stores);
  });

  it('a place the shop cannot locate answers an empty list; without q no distances', async () => {
    expect(await nearest('Atlantis')).toEqual([]);
    const all = await search('');
    expect(all.status).toBe(200);
    for (const s of all.body.result as StoreLocation[]) expect(s.distance).toBeUndefined();
  });

  it('bad input is a 400 that names the field', async () => {
    for (const q of ['q=', 'q=%20%20', `q=${'a'.repeat(101)}`]) {
      const res = await search(q);
      expect(res.status, q).toBe(400);
      expect(res.body.result).toContain('querystring.q');
    }
    const country = await search('q=Utrecht&country=NLD');
    expect(country.status).toBe(400);
    expect(country.body.result).toContain('querystring.country');
  });
});
