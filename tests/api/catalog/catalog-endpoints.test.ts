import { describe, expect, it } from 'vitest';
import { api, type Doc, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;

useTestServer({ products: 20 }, (started) => {
  server = started;
});

async function aConfigurableChild(): Promise<{
  childSku: string;
  childPath: string;
  parentSku: string;
  parentPath: string;
}> {
  const { rows } = await server.db.query<{
    child_sku: string;
    child_path: string;
    parent_sku: string;
    parent_path: string;
  }>(
    `select c.sku as child_sku, c.url_path as child_path, p.sku as parent_sku, p.url_path as parent_path
       from products c join products p on p.id = c.parent_id where c.status = 1 and p.status = 1 order by c.id limit 1`,
  );
  const r = rows[0];
  return { childSku: r.child_sku, childPath: r.child_path, parentSku: r.parent_sku, parentPath: r.parent_path };
}

describe('POST /api/url/map', () => {
  it('maps a product url_path to { _type: product, _source } with include/exclude fields', async () => {
    const { parentPath, parentSku } = await aConfigurableChild();
    const { status, body } = await api<Doc>(server, 'POST', '/api/url/map', {
      url: `/${parentPath}/?utm_source=x`,
      includeFields: ['sku', 'url_path', 'configurable_children.sku'],
    });
    expect(status).toBe(200);
    expect(body.result._type).toBe('product');
    expect(body.result._source.sku).toBe(parentSku);
    expect(Object.keys(body.result._source).sort()).toEqual(['configurable_children', 'sku', 'url_path']);
    expect(body.meta).toBeUndefined();
  });

  it('a configurable child URL answers with the parent, the child sku and a 301 to the parent URL (spec 000 §2)', async () => {
    const { childPath, childSku, parentSku, parentPath } = await aConfigurableChild();
    const { status, body } = await api<Doc>(server, 'POST', '/api/url/map?storeCode=be', {
      url: childPath,
      excludeFields: ['configurable_children'],
    });
    expect(status).toBe(200);
    expect(body.result._type).toBe('product');
    expect(body.result._source.sku).toBe(parentSku);
    expect(body.result._childSku).toBe(childSku);
    expect(body.meta).toEqual({ redirect: `/${parentPath}?childSku=${encodeURIComponent(childSku)}`, status: 301 });
  });

  it('filters.sku selects a variant of the configurable', async () => {
    const { parentPath, childSku } = await aConfigurableChild();
    const { body } = await api<Doc>(server, 'POST', '/api/url/map', {
      url: parentPath,
      filters: { sku: childSku },
      includeFields: ['sku'],
    });
    expect(body.result._childSku).toBe(childSku);
  });

  it('maps a category url_path to { _type: category }', async () => {
    const { rows } = await server.db.query<{ url_path: string; id: number }>(
      'select id, url_path from categories where level = 2 limit 1',
    );
    const { status, body } = await api<Doc>(server, 'POST', '/api/url/map', { url: `/${rows[0].url_path}` });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ _type: 'category', _source: { id: rows[0].id, url_path: rows[0].url_path } });
  });

  it('maps a cms_page rewrite to { _type: cms_page } with the published story', async () => {
    const { rows } = await server.db.query<{ id: number }>(
      `insert into cms_stories (uuid, full_slug, name, kind, published, draft, published_at)
       values ('urlmap-test-uuid', 'klantenservice-test', 'Klantenservice', 'page', '{"component":"page","body":[]}',
               '{"component":"page","body":[]}', now()) returning id`,
    );
    await server.db.query(
      "insert into url_rewrites (store_code, url_path, entity_type, entity_id) values ('nl', 'klantenservice-test', 'cms_page', $1)",
      [rows[0].id],
    );
    const { status, body } = await api<Doc>(server, 'POST', '/api/url/map', { url: '/klantenservice-test' });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      _type: 'cms_page',
      _source: { full_slug: 'klantenservice-test', content: { component: 'page' } },
    });
  });

  it('an unknown path is a 404 envelope; bad bodies are 400 naming the field; unknown store 404', async () => {
    const missing = await api(server, 'POST', '/api/url/map', { url: "/bestaat-niet'; drop table url_rewrites;--" });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
    const noUrl = await api(server, 'POST', '/api/url/map', { includeFields: ['sku'] });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.result).toContain('body.url');
    const wrongType = await api(server, 'POST', '/api/url/map', { url: 'x', filters: { sku: { $ne: 1 } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.result).toContain('body.filters.sku');
    expect((await api(server, 'POST', '/api/url/map?storeCode=fr', { url: 'x' })).status).toBe(404);
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from url_rewrites');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('GET of a configurable child page URL', () => {
  it('answers 301 to the parent URL with the child sku in the query (spec 000 §2)', async () => {
    const { childPath, childSku, parentPath } = await aConfigurableChild();
    const res = await fetch(`${server.baseUrl}/${childPath}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/${parentPath}?childSku=${encodeURIComponent(childSku)}`);
  });

  it('leaves other pages and API paths alone', async () => {
    const { parentPath } = await aConfigurableChild();
    const page = await fetch(`${server.baseUrl}/${parentPath}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const apiCall = await fetch(`${server.baseUrl}/api/nope`, { redirect: 'manual' });
    expect(apiCall.status).toBe(404);
  });
});

describe('GET /api/product/render-list', () => {
  it('answers price_info per known sku, in the asked order, skipping unknown skus', async () => {
    const { parentSku, childSku } = await aConfigurableChild();
    const { status, body } = await api<{ items: Doc[] }>(
      server,
      'GET',
      `/api/product/render-list?skus=${encodeURIComponent(childSku)},onbekend,${encodeURIComponent(parentSku)}&currencyCode=EUR&storeId=2`,
    );
    expect(status).toBe(200);
    expect(body.result.items.map((i) => i.sku)).toEqual([childSku, parentSku]);
    const item = body.result.items[0];
    expect(item.price_info).toMatchObject({
      final_price: expect.any(Number),
      regular_price: expect.any(Number),
      special_price: expect.any(Number),
      extension_attributes: { tax_adjustments: { final_price: expect.any(Number) } },
    });
    expect(item.price_info.final_price).toBe(item.final_price_incl_tax);
    expect(item.price_info.extension_attributes.tax_adjustments.final_price).toBe(item.final_price);
  });

  it('bad input is a 400 naming the field', async () => {
    const missing = await api(server, 'GET', '/api/product/render-list?currencyCode=EUR');
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('querystring.skus');
    const badStore = await api(server, 'GET', '/api/product/render-list?skus=a&storeId=abc');
    expect(badStore.status).toBe(400);
    expect(badStore.body.result).toContain('querystring.storeId');
    const tooMany = Array.from({ length: 1001 }, (_, i) => `s${i}`).join(',');
    const huge = await api(server, 'GET', `/api/product/render-list?skus=${tooMany}`);
    expect(huge.status).toBe(400);
  });
});

describe('stock', () => {
  async function stockedSkus(n: number): Promise<string[]> {
    const { rows } = await server.db.query<{ sku: string }>(
      'select sku from stock_items order by product_id limit $1',
      [n],
    );
    return rows.map((r) => r.sku);
  }

  it('GET /api/stock/check answers the stock info of a sku; unknown sku is a 404', async () => {
    const [sku] = await stockedSkus(1);
    const { status, body } = await api<Doc>(server, 'GET', `/api/stock/check?sku=${encodeURIComponent(sku)}`);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      sku,
      product_id: expect.any(Number),
      qty: expect.any(Number),
      manage_stock: expect.any(Boolean),
      is_in_stock: expect.any(Boolean),
      is_salable: expect.any(Boolean),
    });
    expect((await api(server, 'GET', '/api/stock/check?sku=onbekend')).status).toBe(404);
    const missing = await api(server, 'GET', '/api/stock/check');
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('querystring.sku');
  });

  it('GET /api/stock/list answers a list for the known skus; more than 1000 is a 400', async () => {
    const skus = await stockedSkus(3);
    const { body } = await api<Doc[]>(
      server,
      'GET',
      `/api/stock/list?skus=${skus.map(encodeURIComponent).join(',')},onbekend`,
    );
    expect(body.result.map((s) => s.sku)).toEqual(skus);
    const tooMany = Array.from({ length: 1001 }, (_, i) => `s${i}`).join(',');
    const res = await api(server, 'GET', `/api/stock/list?skus=${tooMany}`);
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('querystring.skus');
  });

  it('GET /api/stock/salable-quantity parses skuRequests[i][sku]/[qty] and answers per request', async () => {
    const [a] = await stockedSkus(1);
    await server.db.query(
      'update stock_items set qty = 5, reserved_qty = 1, is_in_stock = true, manage_stock = true where sku = $1',
      [a],
    );
    const q = `stockId=1&skuRequests[0][sku]=${encodeURIComponent(a)}&skuRequests[0][qty]=3&skuRequests[1][sku]=${encodeURIComponent(a)}&skuRequests[1][qty]=5&skuRequests[2][sku]=onbekend&skuRequests[2][qty]=1`;
    const { status, body } = await api<Doc[]>(server, 'GET', `/api/stock/salable-quantity?${q}`);
    expect(status).toBe(200);
    expect(body.result).toEqual([
      { sku: a, qty: 3, salable_qty: 4, is_salable: true },
      { sku: a, qty: 5, salable_qty: 4, is_salable: false },
      { sku: 'onbekend', qty: 1, salable_qty: 0, is_salable: false },
    ]);
    const none = await api(server, 'GET', '/api/stock/salable-quantity?stockId=1');
    expect(none.status).toBe(400);
    expect(none.body.result).toContain('skuRequests');
    const badQty = await api(
      server,
      'GET',
      `/api/stock/salable-quantity?skuRequests[0][sku]=${a}&skuRequests[0][qty]=-2`,
    );
    expect(badQty.status).toBe(400);
    expect(badQty.body.result).toContain('skuRequests[0][qty]');
  });
});

describe('directory', () => {
  it('countries, with the store country first; store code from x-store-code', async () => {
    const res = await fetch(`${server.baseUrl}/api/directory/countries`, { headers: { 'x-store-code': 'be' } });
    const body = (await res.json()) as { result: Array<{ id: string; full_name_locale: string }> };
    expect(res.status).toBe(200);
    expect(body.result[0].id).toBe('BE');
    expect(body.result.map((c) => c.id)).toContain('NL');
    expect((await api(server, 'GET', '/api/directory/countries?storeCode=xx')).status).toBe(404);
  });

  it('each country says whether an active shipping method delivers there (the checkout offers only those)', async () => {
    type Country = { id: string; shipping_available: boolean };
    const shipping = async () => {
      const { body } = await api<Country[]>(server, 'GET', '/api/directory/countries?storeCode=nl');
      return body.result.filter((c) => c.shipping_available).map((c) => c.id);
    };
    expect((await shipping()).sort()).toEqual(['BE', 'NL']);
    await server.db.query(`update shipping_methods set countries = countries || '{DE}' where method_code = 'home'`);
    try {
      expect((await shipping()).sort()).toEqual(['BE', 'DE', 'NL']);
    } finally {
      await server.db.query(`update shipping_methods set countries = array_remove(countries, 'DE')`);
    }
  });

  it('currencies: EUR', async () => {
    const { status, body } = await api<Doc>(server, 'GET', '/api/directory/currencies?storeCode=nl');
    expect(status).toBe(200);
    expect(body.result.base_currency_code).toBe('EUR');
    expect(body.result.available_currency_codes).toContain('EUR');
  });
});

describe('GET /api/search-provider/landing-page', () => {
  it('fills primaryList from the stored query, with facets, sort options and seo heading', async () => {
    const { rows } = await server.db.query<{ id: number }>(
      `select c.id from categories c where exists (select 1 from products p where p.category_ids @> array[c.id]
         and p.visibility = 4 and p.status = 1) order by c.id limit 1`,
    );
    await server.db.query(
      `insert into landing_pages (url_path, page_heading, query, content, published) values
         ('l/elevate/test-pagina', 'Testpagina', $1, '[{"key":"intro","description":"Intro"}]', true),
         ('l/elevate/test-verborgen', 'Verborgen', '{}', '[]', false)`,
      [JSON.stringify({ category_ids: [rows[0].id] })],
    );
    const { status, body } = await api<Doc>(
      server,
      'GET',
      '/api/search-provider/landing-page?url_path=/l/elevate/test-pagina/&limit=3&sort=PRICE_ASC',
    );
    expect(status).toBe(200);
    const list = body.result.primaryList;
    expect(list.totalHits).toBeGreaterThan(0);
    expect(list.productGroups.length).toBeLessThanOrEqual(3);
    for (const group of list.productGroups) expect(group.products[0].category_ids).toContain(rows[0].id);
    expect(list.sort.selected).toBe('PRICE_ASC');
    expect(Array.isArray(list.facets)).toBe(true);
    expect(body.result.seo.pageHeading).toBe('Testpagina');
    expect(body.result.contentLists[0].items[0].key).toBe('intro');

    expect(
      (await api(server, 'GET', '/api/search-provider/landing-page?url_path=l/elevate/test-verborgen')).status,
    ).toBe(404);
    expect(
      (await api(server, 'GET', '/api/search-provider/landing-page?url_path=l/elevate/test-pagina&limit=5000')).status,
    ).toBe(400);
    const missing = await api(server, 'GET', '/api/search-provider/landing-page');
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('querystring.url_path');
  });
});
