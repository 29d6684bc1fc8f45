import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API documents are read loosely in assertions
type Doc = Record<string, any>;
interface Group {
  key: string;
  products: Doc[];
}
interface ProviderPage {
  q: string;
  primaryList: {
    productGroups: Group[];
    totalHits: number;
    sort: { options: { id: string }[]; selected: string };
    facets: { id: string; selectedCount: number; values: { id: string; count: number; selected: boolean }[] }[];
  };
  didYouMean: { q: string }[];
}
interface RecommendationList {
  id: string;
  algorithm: string;
  productGroups: Group[];
}

let server: TestServer;
let blue: string;
useTestServer({ products: 300 }, async (s) => {
  server = s;
  const { rows } = await s.db.query<{ value: string }>(
    `select o.value from attribute_options o join attributes a using (attribute_id)
      where a.attribute_code = 'color' and o.label = 'Blauw'`,
  );
  blue = rows[0].value;
});

const post = <T>(path: string, body?: unknown) => api<T>(server, 'POST', path, body);
const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const search = (text: string, size = 24) =>
  post<{ items: Doc[]; total: number }>('/api/catalog/nl/product/_search', {
    text,
    size,
    includeFields: ['sku', 'name', 'color', '_score'],
  });
const colours = (doc: Doc): string[] => [doc.color].flat().map(String);
const isShirt = (doc: Doc) => /overhemd/i.test(String(doc.name));

/** How many listed parent products are shirts of this colour (the ground truth of the ranking tests). */
async function shirtsOfColour(colour: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    `select count(*)::int as n from products p where p.parent_id is null and p.visibility in (2, 3, 4)
        and p.status in (0, 1) and p.name ilike '%overhemd%' and p.attrs -> 'color' ? $1`,
    [colour],
  );
  return rows[0].n;
}

describe('text search ranking (spec 000 §9: fuzziness 2, minimum_should_match 75 %, boosts name 4, sku 2, category 1)', () => {
  it('"overhmd blauw", both words misspelt or not, lists the blue shirts first', async () => {
    const blueShirts = await shirtsOfColour(blue);
    expect(blueShirts).toBeGreaterThan(1);
    for (const text of ['overhmd blauw', 'overhemd blaw', 'overhemd blauw']) {
      const { status, body } = await search(text, 60);
      expect(status, text).toBe(200);
      const items = body.result.items;
      const top = items.slice(0, Math.min(blueShirts, items.length));
      for (const item of top) {
        expect(isShirt(item), `${text}: ${item.name}`).toBe(true);
        expect(colours(item), `${text}: ${item.name}`).toContain(blue);
      }
      // 75 % of two words is one: shirts of other colours and other blue products follow.
      expect(body.result.total).toBeGreaterThan(blueShirts);
      const scores = items.map((i) => i._score as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('"overhemd blauw" has a blue shirt as its top hit, not a shirt of another colour', async () => {
    const { body } = await search('overhemd blauw', 1);
    const [top] = body.result.items;
    expect(isShirt(top)).toBe(true);
    expect(colours(top)).toEqual([blue]);
  });

  it('the name counts more than the category: "pantalon" lists trousers named so before others', async () => {
    const { body } = await search('pantalon', 60);
    const named = body.result.items.map((i) => /pantalon/i.test(String(i.name)));
    expect(named[0]).toBe(true);
    expect(named.indexOf(false) === -1 || !named.slice(named.indexOf(false)).includes(true)).toBe(true);
  });

  it('finds a product by its sku', async () => {
    const { rows } = await server.db.query<{ sku: string }>(
      `select sku from products where parent_id is null and visibility = 4 and status = 1 order by id desc limit 1`,
    );
    const { body } = await search(rows[0].sku.toLowerCase());
    expect(body.result.items[0].sku).toBe(rows[0].sku);
  });

  it('a word far from every catalogue word finds nothing', async () => {
    const { body } = await search('qqqxxzz');
    expect(body.result.total).toBe(0);
  });
});

describe('POST search-provider/search-page (spec 001 §7, search when q is present)', () => {
  it('answers the primary list with facets and sort, and did-you-mean for a misspelt query', async () => {
    const { status, body } = await post<ProviderPage>(`/api/search-provider/search-page?${qs({ q: 'overhmd blauw' })}`);
    expect(status).toBe(200);
    const page = body.result;
    expect(page.didYouMean).toEqual([{ q: 'overhemd blauw' }]);
    expect(page.primaryList.productGroups).toHaveLength(24); // spec 001 §9 default limit 24
    const first = page.primaryList.productGroups[0].products[0];
    expect(isShirt(first) && colours(first).includes(blue)).toBe(true);
    expect(page.primaryList.sort.selected).toBe('RELEVANCE');
    const colourFacet = page.primaryList.facets.find((f) => f.id === 'color');
    expect(colourFacet?.values.find((v) => v.id === blue)?.count).toBeGreaterThan(0);
  });

  it('no did-you-mean when every word is spelt as in the catalogue', async () => {
    const { body } = await post<ProviderPage>(`/api/search-provider/search-page?${qs({ q: 'overhemd blauw' })}`);
    expect(body.result.didYouMean).toEqual([]);
  });

  it('a query of stop words and punctuation only finds nothing (and is no error)', async () => {
    const { status, body } = await post<ProviderPage>(`/api/search-provider/search-page?${qs({ q: 'met & %_' })}`);
    expect(status).toBe(200);
    expect(body.result.primaryList.totalHits).toBe(0);
    expect(body.result.didYouMean).toEqual([]);
  });

  it('filters by a facet value, sorts by price and pages with skip and limit', async () => {
    const filters = JSON.stringify({ color: [blue] });
    const base = { q: 'overhemd', filters, sort: 'PRICE_ASC' };
    const all = await post<ProviderPage>(`/api/search-provider/search-page?${qs({ ...base, limit: 100 })}`);
    const groups = all.body.result.primaryList.productGroups;
    expect(groups.length).toBeGreaterThan(2);
    for (const g of groups) expect(colours(g.products[0])).toContain(blue);
    const prices = groups.map((g) => g.products[0].final_price_incl_tax as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all.body.result.primaryList.facets.find((f) => f.id === 'color')?.selectedCount).toBe(1);
    const second = await post<ProviderPage>(`/api/search-provider/search-page?${qs({ ...base, skip: 1, limit: 1 })}`);
    expect(second.body.result.primaryList.productGroups.map((g) => g.key)).toEqual([groups[1].key]);
    expect(second.body.result.primaryList.totalHits).toBe(all.body.result.primaryList.totalHits);
  });

  it.each([
    [{}, 'querystring.q'],
    [{ q: '   ' }, 'querystring.q'],
    [{ q: 'x'.repeat(201) }, 'querystring.q'],
    [{ q: 'overhemd', limit: 0 }, 'querystring.limit'],
    [{ q: 'overhemd', skip: -1 }, 'querystring.skip'],
    [{ q: 'overhemd', sort: 'CHEAPEST' }, 'querystring.sort'],
    [{ q: 'overhemd', filters: '{not json' }, 'querystring.filters'],
    [{ q: 'overhemd', filters: '{"nope":["1"]}' }, 'querystring.filters.nope'],
    [{ q: 'overhemd', filters: '{"price":[10]}' }, 'querystring.filters.price'],
    [{ q: 'overhemd', sessionKey: 'a b' }, 'querystring.sessionKey'],
  ])('bad input %j is a 400 naming %s', async (params, field) => {
    const { status, body } = await post<string>(`/api/search-provider/search-page?${qs(params)}`);
    expect(status).toBe(400);
    expect(body.result).toContain(field);
  });
});

describe('POST search-provider/autocomplete (spec 001 §7)', () => {
  it('completes the word being typed into phrases and suggests products as tiles', async () => {
    const { status, body } = await post<{ productSuggestions: Group[]; phraseSuggestions: { q: string }[] }>(
      `/api/search-provider/autocomplete?${qs({ q: 'overhemd bla' })}`,
    );
    expect(status).toBe(200);
    expect(body.result.phraseSuggestions.map((p) => p.q)).toContain('overhemd blauw');
    const tiles = body.result.productSuggestions.map((g) => g.products[0]);
    expect(tiles.length).toBeGreaterThan(0);
    expect(isShirt(tiles[0])).toBe(true);
    expect(tiles[0].elevateProduct).toBe(true);
  });

  it('corrects a misspelt word before the one being typed', async () => {
    const { body } = await post<{ phraseSuggestions: { q: string }[] }>(
      `/api/search-provider/autocomplete?${qs({ q: 'overhmd bla' })}`,
    );
    expect(body.result.phraseSuggestions.map((p) => p.q)).toContain('overhemd blauw');
  });

  it('a missing q is a 400 naming q', async () => {
    const { status, body } = await post<string>('/api/search-provider/autocomplete');
    expect(status).toBe(400);
    expect(body.result).toContain('querystring.q');
  });
});

/** Spec 001 §3 "Recommendation tile product". */
function expectTile(tile: Doc) {
  expect(tile).toMatchObject({
    key: expect.any(String),
    title: expect.any(String),
    link: expect.stringMatching(/^\/p\/[^/]+\/[^/]+$/),
    ticket: expect.any(String),
    inStock: true,
    swatch: { colors: expect.arrayContaining([expect.objectContaining({ label: expect.any(String) })]) },
    custom: { productId: [{ id: expect.any(String) }] },
    typedCustom: { json: { product_labels: expect.any(Array), tritonx_mm: expect.any(Array) } },
    badges: { primary: expect.any(Array) },
    price: expect.any(Number),
    final_price_incl_tax: expect.any(Number),
    name: expect.any(String),
    url_path: expect.any(String),
    elevateProduct: true,
  });
  expect(tile.imageInfo.images[0].sizes[0].url).toMatch(/^\/img\/386\/.+\.webp$/);
  if (tile.badges.primary.length > 0) expect(tile.badges.primary[0].label).toMatch(/^-\d+%$/);
}

async function aShirt(): Promise<{ id: number; sku: string; childSku: string; categoryIds: number[] }> {
  const { rows } = await server.db.query<{ id: number; sku: string; child_sku: string; category_ids: number[] }>(
    `select p.id, p.sku, p.category_ids, (select c.sku from products c where c.parent_id = p.id order by c.id limit 1) as child_sku
       from products p where p.type_id = 'configurable' and p.status = 1 and p.visibility = 4
        and p.name ilike '%overhemd%' order by p.id limit 1`,
  );
  return { id: rows[0].id, sku: rows[0].sku, childSku: rows[0].child_sku, categoryIds: rows[0].category_ids };
}

describe('POST search-provider/product-page: ALTERNATIVES and STYLE_WITH (spec 001 §7, 8 per list)', () => {
  it('answers 8 of each, as tiles, never the product itself', async () => {
    const shirt = await aShirt();
    const { status, body } = await post<{ productGroup: Group; recommendationLists: RecommendationList[] }>(
      `/api/search-provider/product-page?${qs({ productKey: shirt.sku, sessionKey: 's-1', customerKey: 'c-1' })}`,
    );
    expect(status).toBe(200);
    expect(body.result.productGroup.key).toBe(shirt.sku);
    const lists = Object.fromEntries(body.result.recommendationLists.map((l) => [l.id, l]));
    expect(Object.keys(lists).sort()).toEqual(['ALTERNATIVES', 'STYLE_WITH']);
    const skus = (list: RecommendationList) => list.productGroups.map((g) => g.products[0].key as string);
    for (const list of Object.values(lists)) {
      expect(list.productGroups).toHaveLength(8);
      expect(skus(list)).not.toContain(shirt.sku);
      expect(new Set(skus(list)).size).toBe(8);
      for (const g of list.productGroups) expectTile(g.products[0]);
    }
    // Alternatives are shirts too; what goes with a shirt is not another shirt.
    expect(lists.ALTERNATIVES.productGroups.every((g) => isShirt(g.products[0]))).toBe(true);
    expect(lists.STYLE_WITH.productGroups.some((g) => isShirt(g.products[0]))).toBe(false);
  });

  it('an unknown product is a 404, a missing productKey a 400 naming it', async () => {
    const unknown = await post<string>(`/api/search-provider/product-page?${qs({ productKey: 'NOPE-1' })}`);
    expect(unknown.status).toBe(404);
    const missing = await post<string>('/api/search-provider/product-page');
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('querystring.productKey');
  });
});

describe('POST search-provider/cart-page: ADD_TO_CART_RECS (spec 001 §7, cart keys joined by |)', () => {
  it('answers 8 tiles, none of them in the cart (a size variant stands for its product)', async () => {
    const shirt = await aShirt();
    const { rows } = await server.db.query<{ sku: string }>(
      `select sku from products where parent_id is null and status = 1 and visibility = 4 and name ilike '%chino%' limit 1`,
    );
    const cart = [shirt.childSku, rows[0].sku];
    const { status, body } = await post<{ recommendationLists: RecommendationList[] }>(
      `/api/search-provider/cart-page?${qs({ cart: cart.join('|') })}`,
    );
    expect(status).toBe(200);
    const [list] = body.result.recommendationLists;
    expect(list.id).toBe('ADD_TO_CART_RECS');
    expect(list.productGroups).toHaveLength(8);
    const tiles = list.productGroups.map((g) => g.products[0]);
    for (const tile of tiles) expectTile(tile);
    expect(tiles.map((t) => t.key)).not.toContain(shirt.sku);
    expect(tiles.map((t) => t.key)).not.toContain(rows[0].sku);
    expect(tiles.some((t) => isShirt(t) || /chino/i.test(t.name))).toBe(false);
  });

  it.each([[{}], [{ cart: '' }], [{ cart: '| |' }]])('a cart without keys %j is a 400 naming cart', async (params) => {
    const { status, body } = await post<string>(`/api/search-provider/cart-page?${qs(params)}`);
    expect(status).toBe(400);
    expect(body.result).toContain('querystring.cart');
  });
});

describe('POST search-provider/notifications (spec 001 §7)', () => {
  const notify = (body: unknown) => post<string>('/api/search-provider/notifications', body);
  const ids = { sessionKey: 'session-1', customerKey: 'customer-1' };

  it('stores a click by the ticket of a tile, an add-to-cart by product key and the end of a session', async () => {
    const shirt = await aShirt();
    const page = await post<{ recommendationLists: RecommendationList[] }>(
      `/api/search-provider/product-page?${qs({ productKey: shirt.sku })}`,
    );
    const tile = page.body.result.recommendationLists[0].productGroups[2].products[0];
    const { rows: before } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from search_notifications',
    );
    expect((await notify({ type: 'click', ticket: tile.ticket, ...ids })).status).toBe(204);
    expect((await notify({ type: 'add-to-cart', productKey: shirt.sku, ...ids })).status).toBe(204);
    expect((await notify({ type: 'add-favorite', ticket: tile.ticket, ...ids })).status).toBe(204);
    expect((await notify({ type: 'end', ...ids })).status).toBe(204);
    const { rows } = await server.db.query<{ type: string; product_key: string | null; session_key: string }>(
      'select type, product_key, session_key from search_notifications order by id offset $1',
      [before[0].n],
    );
    expect(rows).toEqual([
      { type: 'click', product_key: tile.key, session_key: 'session-1' },
      { type: 'add-to-cart', product_key: shirt.sku, session_key: 'session-1' },
      { type: 'add-favorite', product_key: tile.key, session_key: 'session-1' },
      { type: 'end', product_key: null, session_key: 'session-1' },
    ]);
  });

  it.each([
    [{ type: 'click', productKey: 'X', customerKey: 'c' }, 'body.sessionKey'],
    [{ type: 'click', productKey: 'X', sessionKey: 's' }, 'body.customerKey'],
    [{ type: 'purchase', productKey: 'X', ...ids }, 'body.type'],
    [{ type: 'click', ...ids }, 'body.ticket'],
    [{ type: 'click', ticket: 'forged', ...ids }, 'body.ticket'],
    [{ type: 'click', productKey: 'X', extra: 1, ...ids }, 'body.extra'],
  ])('bad input %j is a 400 naming %s', async (body, field) => {
    const { status, body: answer } = await notify(body);
    expect(status).toBe(400);
    expect(answer.result).toContain(field);
  });
});
