import { describe, expect, test } from 'vitest';
import { productPrices } from '../../../domain/catalog/product-prices.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { formatDutchNumber } from '../../../domain/dutch-number.ts';
import type { ProductReviews } from '../../../contract/product-reviews.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { api, type TestServer } from '../../support/test-server.ts';

/**
 * The HTML the server renders for a page (docs/server-rendering.md; needs `npm run build`, which `npm test` runs
 * first): what a search engine or a link preview reads without running any script.
 */
interface Doc {
  sku: string;
  name: string;
  meta_title?: string;
  url_path: string;
  url_key: string;
  type_id: string;
  price_incl_tax?: number;
  special_price_incl_tax?: number;
  final_price_incl_tax?: number;
  configurable_children?: { sku: string; url_path: string }[];
}

let server: TestServer;
let product: Doc;

useTestServer({ products: 20, staticDir: 'dist' }, async (s) => {
  server = s;
  const found = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 1,
  });
  product = found.body.result.items[0];
});

const get = (path: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html', ...headers } });

/** The shop's word for the cart in the texts of a page (not in its links): NL "winkelwagen", BE "winkelmandje". */
const cartWords = (html: string) =>
  [...html.matchAll(/>[^<]*?(winkelwagen|winkelmandje)[^<]*</gi)].map((m) => m[1].toLowerCase());

describe('server-rendered pages', () => {
  test("a product URL's HTML has the product's name, price, title, description and canonical link", async () => {
    const res = await get(`/${product.url_path}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const { price, special } = productPrices(product);
    expect(html).toContain(`<h1 class="product-name" elementtiming="product-title">${product.name}</h1>`);
    expect(html).toContain(formatPrice(toCents(special ?? price!)));
    // the head is the SEO resolver's (server/seo/): the product's meta title where it has one
    expect(html).toContain(`<title>${product.meta_title ?? product.name} | OFM Herenmode</title>`);
    // the script carries the answer's CSP nonce (docs/security.md)
    expect(html).toMatch(
      /<script\b[^>]*type="application\/ld\+json"[^>]*>\{"@context":"https:\/\/schema.org","@type":"Product"/,
    );
    // head tags carry the answer's CSP nonce after their own attributes (TanStack's ssr nonce)
    expect(html).toMatch(/<meta name="description" content="[^"]+"[^>]*\/>/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost/${product.url_path}"`);
  });

  test("a product page's first paint has its rating line: the average as stars and number and the count", async () => {
    const found = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
      filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
      size: 20,
    });
    const withReviews: { doc: Doc; reviews: ProductReviews }[] = [];
    let without: Doc | undefined;
    for (const doc of found.body.result.items) {
      const reviews = (await api<ProductReviews>(server, 'GET', `/api/catalog/products/${doc.sku}/reviews`)).body
        .result;
      if (reviews.count >= 2) withReviews.push({ doc, reviews });
      else if (reviews.count === 0) without ??= doc;
    }
    const rated = withReviews[0];
    expect(rated, 'the seed has a product with two reviews').toBeDefined();
    const { doc, reviews } = rated!;
    const html = (await get(`/${doc.url_path}`)).body;
    const average = formatDutchNumber(reviews.average_rating!, 1, 1);
    const line = html.match(/<p class="product-rating">.*?<\/p>/s)?.[0] ?? '';
    expect(line).toContain(`aria-label="Gemiddeld ${average} van 5 sterren"`);
    expect(line).toContain(`<strong aria-hidden="true">${average}</strong>`);
    expect(line).toContain(`${reviews.count} beoordelingen</button>`);
    // not the empty placeholder the line keeps while the worker answers
    expect(html).not.toContain('<p class="product-rating" aria-busy');
    // the first page of reviews is the worker's answer, so the hydrating page renders nothing again
    expect(html).toContain(JSON.stringify(reviews.items[0]!.text).slice(1, -1));
    if (without)
      expect((await get(`/${without.url_path}`)).body).toContain(
        '<p class="product-rating muted">Nog geen beoordelingen</p>',
      );
  });

  test("a category page carries its tiles' fields only: names and prices, no product page parts", async () => {
    const { rows } = await server.db.query<{ url_path: string; id: number }>(
      `select c.url_path, c.id from categories c where exists (select 1 from products p
         where p.category_ids @> array[c.id] and p.visibility in (2, 3, 4) and p.status = 1) order by c.level desc limit 1`,
    );
    const listing = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
      filter: { category_ids: { in: [rows[0].id] } },
      size: 24,
    });
    const res = await get(`/${rows[0].url_path}`);
    expect(res.statusCode).toBe(200);
    for (const doc of listing.body.result.items) expect(res.body).toContain(doc.name);
    // The page's data is the worker's first listing stage (LISTING_FIELDS), not whole documents.
    for (const pagePart of [
      'size_conversion',
      'configurable_options',
      'vendor_article_number',
      'configurable_children',
    ])
      expect(res.body).not.toContain(pagePart);
  });

  test("a product page's HTML has its other colours, as the colour choice links them", async () => {
    const { rows } = await server.db.query<{ sku: string; url_path: string }>(
      `select p.sku, p.url_path from products p where p.parent_id is null and p.status = 1 and exists (
         select 1 from product_links l where l.product_id = p.id and l.link_type = 'colorrelation') order by p.id limit 1`,
    );
    const own = await api<{ items: { product_links: { link_type: string; linked_product_sku: string }[] }[] }>(
      server,
      'POST',
      '/api/catalog/nl/product/_search',
      { filter: { sku: rows[0].sku }, size: 1 },
    );
    const skus = own.body.result.items[0].product_links
      .filter((l) => l.link_type === 'colorrelation')
      .map((l) => l.linked_product_sku);
    const related = await api<{ items: (Doc & { color_label?: string; stock?: { is_in_stock: boolean } })[] }>(
      server,
      'POST',
      '/api/catalog/nl/product/_search',
      { filter: { sku: { in: skus }, status: 1 }, size: skus.length },
    );
    const inStock = related.body.result.items.filter((p) => p.stock?.is_in_stock !== false);
    expect(inStock.length).toBeGreaterThan(0);
    const res = await get(`/${rows[0].url_path}`);
    const swatches = [...res.body.matchAll(/<a class="colour-swatch" href="([^"]+)">([^<]+)<\/a>/g)];
    expect(swatches.map((m) => m[2]).sort()).toEqual(inStock.map((p) => p.color_label ?? p.name).sort());
    for (const p of inStock) expect(swatches.some((m) => m[1].startsWith(`/p/${p.sku}/`))).toBe(true);
  });

  test("a product page's data is the product as the worker loads it: no sold-out size, breadcrumbs as the app keeps them", async () => {
    const { rows } = await server.db.query<{ url_path: string; sold_out: string; sizes_left: number }>(
      `select p.url_path, min(c.sku) filter (where not s.is_in_stock) as sold_out,
              count(*) filter (where s.is_in_stock)::int as sizes_left
         from products p join products c on c.parent_id = p.id join stock_items s on s.product_id = c.id
        where p.type_id = 'configurable' and p.status = 1 and c.status = 1
        group by p.id having bool_or(not s.is_in_stock) and bool_or(s.is_in_stock) order by p.id limit 1`,
    );
    expect(rows).toHaveLength(1);
    const html = (await get(`/${rows[0].url_path}`)).body;
    const pageData = html.slice(html.indexOf('$_TSR.router='));
    // spec 000 §4: the worker removes sold-out children; the server's answer did not, and the worker's different
    // answer rendered the whole product page again right after hydration
    expect(pageData).not.toContain(rows[0].sold_out);
    expect(pageData.match(/size_label:"/g)).toHaveLength(rows[0].sizes_left);
    expect(pageData).toMatch(/configurable_children:.*errors:/s);
    // the breadcrumbs' entries (domain/catalog/category-trail.ts `trailEntry`), not whole categories
    const trail = pageData.match(/"category-trail:[\d,]+":\$R\[\d+\]=\[(.*?)\}\]/s)?.[1] ?? '';
    expect(trail).toMatch(/name:/);
    for (const entry of trail.split(/\$R\[\d+\]=\{/).filter(Boolean))
      expect(Object.keys(Object.fromEntries([...entry.matchAll(/(\w+):/g)].map((m) => [m[1], 1]))).sort()).toEqual([
        'id',
        'is_active',
        'level',
        'name',
        'path',
        'url_path',
      ]);
  });

  test('the /p/{parentSku}/{slug} form names the url_path spelling as canonical', async () => {
    const res = await get(`/p/${product.sku}/any-slug`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost/${product.url_path}"`);
  });

  test("a configurable child's URL moves to its parent's with the child chosen (301)", async () => {
    const child = product.configurable_children![0];
    const res = await get(`/${child.url_path}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${product.url_path}?childSku=${encodeURIComponent(child.sku)}`);
  });

  test('an unknown path is the Dutch not-found page with 404; the API, images and health stay theirs', async () => {
    const res = await get('/dit-bestaat-niet');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Pagina niet gevonden');
    const apiMiss = await get('/api/dit-bestaat-niet');
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.headers['content-type']).toMatch(/json/);
    expect((await get('/img/nope.webp')).headers['content-type']).toMatch(/json/);
    expect((await get('/healthz')).json()).toEqual({ code: 200, result: 'ok' });
  });

  test('cart and account pages are the shell only: rendered in the browser, for one shopper', async () => {
    const res = await get('/winkelwagen/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="site-header"');
    expect(res.body).not.toContain('Je winkelwagen is leeg');
  });

  test('NL and BE pages rendered at the same moment each keep their own store view: texts and <html lang>', async () => {
    // alternating store views, half by the remembered choice, half by the Belgian host
    const visits = Array.from({ length: 20 }, (_, i) => {
      const store = i % 2 === 0 ? 'nl' : 'be';
      const headers: Record<string, string> =
        i % 4 === 3 ? { host: 'www.ofm-shop.be' } : { cookie: `ofm_store=${store}` };
      return { store, path: i % 3 === 0 ? '/' : `/${product.url_path}`, headers };
    });
    const pages = await Promise.all(visits.map((v) => get(v.path, v.headers)));
    pages.forEach((res, i) => {
      const { store } = visits[i];
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        store === 'be' ? '<html lang="nl-BE" data-store="be"' : '<html lang="nl" data-store="nl"',
      );
      const words = cartWords(res.body);
      expect(words.length).toBeGreaterThan(0);
      expect(new Set(words)).toEqual(new Set([store === 'be' ? 'winkelmandje' : 'winkelwagen']));
    });
  });

  describe("the URL dispatcher's fallback steps render their page on the server (spec 000 §2)", () => {
    test("a product found by the last segment's url key", async () => {
      const res = await get(`/iets-anders/${product.url_key}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<h1 class="product-name" elementtiming="product-title">${product.name}</h1>`);
    });

    test('a search-provider landing page by its url_path: heading, intro and products', async () => {
      const { rows } = await server.db.query<{ id: number }>(
        `select c.id from categories c where exists (select 1 from products p where p.category_ids @> array[c.id]
           and p.visibility = 4 and p.status = 1) order by c.id limit 1`,
      );
      await server.db.query(
        `insert into landing_pages (url_path, page_heading, query, content, published)
         values ('acties/zomer-sale', 'Zomer sale', $1, '[{"key":"intro","description":"Alles voor de zomer"}]', true)
         on conflict do nothing`,
        [JSON.stringify({ category_ids: [rows[0].id] })],
      );
      const answer = await api<{ primaryList: { productGroups: { products: { name: string }[] }[] } }>(
        server,
        'GET',
        '/api/search-provider/landing-page?url_path=acties/zomer-sale&limit=24',
      );
      const names = answer.body.result.primaryList.productGroups.map((g) => g.products[0].name);
      expect(names.length).toBeGreaterThan(0);
      const res = await get('/acties/zomer-sale/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<h1[^>]*>Zomer sale<\/h1>/);
      expect(res.body).toContain('Alles voor de zomer');
      for (const name of names) expect(res.body).toContain(name);
    });

    test('a store by /winkels/{slug}', async () => {
      const { rows } = await server.db.query<{ slug: string; name: string }>(
        'select slug, name from store_locations order by id limit 1',
      );
      const res = await get(`/winkels/${rows[0].slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(new RegExp(`<h1[^>]*>${rows[0].name}</h1>`));
    });
  });
});
