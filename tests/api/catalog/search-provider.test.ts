import { describe, expect, it } from 'vitest';
import { api, type Doc, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;

useTestServer({ products: 60 }, (started) => {
  server = started;
});

async function aListedProduct(): Promise<{ sku: string; category_ids: number[] }> {
  const { rows } = await server.db.query<{ sku: string; category_ids: number[] }>(
    `select sku, category_ids from products where parent_id is null and status = 1 and visibility = 4
      order by id limit 1`,
  );
  return rows[0];
}

describe('POST /api/search-provider/autocomplete', () => {
  it('answers products of the text search, phrases and a did-you-mean for a misspelt word', async () => {
    const { status, body } = await api<Doc>(server, 'POST', '/api/search-provider/autocomplete', { q: 'overhmd' });
    expect(status).toBe(200);
    const result = body.result;
    expect(result.productSuggestions.length).toBeGreaterThan(0);
    const first = result.productSuggestions[0].products[0];
    expect(first.key).toBe(result.productSuggestions[0].key);
    expect(first.link).toMatch(/^\//);
    expect(first.ticket).toBe(`autocomplete:${first.key}`);
    expect(result.didYouMean).toMatch(/^overhemd/);
    expect(result.phraseSuggestions[0].q).toBe(result.didYouMean);
  });

  it('completes the word being typed from the catalogue words, most common first, with no did-you-mean', async () => {
    const { body } = await api<Doc>(server, 'POST', '/api/search-provider/autocomplete', { q: 'overh' });
    const phrases = body.result.phraseSuggestions.map((p: Doc) => p.q);
    expect(phrases).toContain('overhemd');
    for (const phrase of phrases) expect(phrase).toMatch(/^overh/);
    expect(body.result.didYouMean).toBeNull();
    expect(body.result.productSuggestions.length).toBeGreaterThan(0);
  });

  it('has no did-you-mean when every word is known, and refuses an empty q with a 400 naming it', async () => {
    const known = await api<Doc>(server, 'POST', '/api/search-provider/autocomplete', { q: 'overhemden' });
    expect(known.body.result.didYouMean).toBeNull();
    const empty = await api<Doc>(server, 'POST', '/api/search-provider/autocomplete', { q: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.result).toContain('q');
  });
});

describe('POST /api/search-provider/product-page and cart-page', () => {
  it('lists ALTERNATIVES of the same category and STYLE_WITH of other categories, at most 8 each, in stock', async () => {
    const me = await aListedProduct();
    const { status, body } = await api<Doc>(server, 'POST', '/api/search-provider/product-page', {
      productKey: me.sku,
    });
    expect(status).toBe(200);
    const [alternatives, styleWith] = body.result.recommendationLists;
    expect(alternatives.algorithm).toBe('ALTERNATIVES');
    expect(styleWith.algorithm).toBe('STYLE_WITH');
    for (const list of [alternatives, styleWith]) {
      expect(list.productGroups.length).toBeGreaterThan(0);
      expect(list.productGroups.length).toBeLessThanOrEqual(8);
      for (const g of list.productGroups) {
        expect(g.key).not.toBe(me.sku);
        expect(g.products[0].inStock).toBe(true);
        expect(g.products[0].ticket).toBe(`${list.algorithm}:${g.key}`);
      }
    }
    const { rows } = await server.db.query<{ sku: string; category_ids: number[] }>(
      'select sku, category_ids from products where sku = any($1::text[])',
      [styleWith.productGroups.map((g: Doc) => g.key)],
    );
    for (const r of rows) expect(r.category_ids.some((c) => me.category_ids.includes(c))).toBe(false);

    const unknown = await api(server, 'POST', '/api/search-provider/product-page', { productKey: 'BESTAAT-NIET' });
    expect(unknown.status).toBe(404);
  });

  it('lists ADD_TO_CART_RECS for the cart keys, none of them in the cart', async () => {
    const me = await aListedProduct();
    const { status, body } = await api<Doc>(server, 'POST', '/api/search-provider/cart-page', { cart: me.sku });
    expect(status).toBe(200);
    const [list] = body.result.recommendationLists;
    expect(list.algorithm).toBe('ADD_TO_CART_RECS');
    expect(list.productGroups.length).toBeGreaterThan(0);
    expect(list.productGroups.map((g: Doc) => g.key)).not.toContain(me.sku);
  });
});

describe('POST /api/search-provider/notifications', () => {
  it('keeps a notification with the session and customer keys, and refuses one without ticket or product', async () => {
    const keys = { sessionKey: crypto.randomUUID(), customerKey: crypto.randomUUID() };
    const sent = await api(server, 'POST', '/api/search-provider/notifications', {
      type: 'click',
      ticket: 'ALTERNATIVES:X1',
      ...keys,
    });
    expect(sent.status).toBe(200);
    const { rows } = await server.db.query<{ type: string; customer_key: string; payload: Doc }>(
      'select type, customer_key, payload from analytics_events where session_key = $1',
      [keys.sessionKey],
    );
    expect(rows).toEqual([
      { type: 'search-provider:click', customer_key: keys.customerKey, payload: { ticket: 'ALTERNATIVES:X1' } },
    ]);
    const bare = await api<Doc>(server, 'POST', '/api/search-provider/notifications', { type: 'click', ...keys });
    expect(bare.status).toBe(400);
    expect(bare.body.result).toContain('body.ticket');
    const wrongType = await api<Doc>(server, 'POST', '/api/search-provider/notifications', {
      type: 'purchase',
      productKey: 'X1',
      ...keys,
    });
    expect(wrongType.status).toBe(400);
  });
});

describe("GET /api/search-provider/landing-page with the shopper's facet choices", () => {
  it('narrows the products to the chosen option and marks it selected; an unknown code is a 400', async () => {
    const all = await api<Doc>(server, 'GET', '/api/search-provider/landing-page?url_path=l/elevate/nieuw-binnen');
    const colour = all.body.result.primaryList.facets.find((f: Doc) => f.id === 'color');
    const value = colour.values[0];
    const filters = encodeURIComponent(JSON.stringify({ color: [value.id] }));
    const narrowed = await api<Doc>(
      server,
      'GET',
      `/api/search-provider/landing-page?url_path=l/elevate/nieuw-binnen&filters=${filters}`,
    );
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.result.primaryList.totalHits).toBe(value.count);
    const chosen = narrowed.body.result.primaryList.facets.find((f: Doc) => f.id === 'color');
    expect(chosen.values.find((v: Doc) => v.id === value.id).selected).toBe(true);
    const bad = await api<Doc>(
      server,
      'GET',
      `/api/search-provider/landing-page?url_path=l/elevate/nieuw-binnen&filters=${encodeURIComponent('{"nope":["1"]}')}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('querystring.filters.nope');
  });
});
