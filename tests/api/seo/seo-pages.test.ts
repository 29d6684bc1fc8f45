import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices, type PricedProduct } from '../../../domain/catalog/product-prices.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * What a crawler (curl) gets from the real server: head tags and JSON-LD of catalogue pages, status codes, robots.txt
 * and the sitemaps. The server serves the project's shell (index.html) as it serves the built one.
 */
let server: TestServer;
let shellDir: string;

beforeAll(async () => {
  shellDir = await mkdtemp(join(tmpdir(), 'ofm-shell-'));
  await copyFile('index.html', join(shellDir, 'index.html'));
  // a build's files: one named by its content hash, one copied from public/ as it is, the service worker
  await mkdir(join(shellDir, 'assets'));
  await writeFile(join(shellDir, 'assets', 'index-BMKuGDSb.js'), 'export {};');
  await writeFile(join(shellDir, 'assets', 'placeholder.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  await writeFile(join(shellDir, 'service-worker.js'), '');
  server = await startTestServer({ products: 12, staticDir: shellDir });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(shellDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { redirect: 'manual', headers });

/** The body of `path`, once its status and content type are the expected ones. */
async function bodyOf(path: string, status: number, contentType: RegExp, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(contentType);
  return response.text();
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const metaProperty = (html: string, property: string) =>
  attr(html, new RegExp(`<meta property="${property}" content="([^"]*)">`));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD is read loosely in assertions
const jsonLd = (html: string): Array<Record<string, any>> =>
  [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );

async function aProduct() {
  const { rows } = await server.db.query<{ id: number; sku: string; url_path: string; name: string; brand: string }>(
    `select id, sku, url_path, name, brand from products
      where type_id = 'configurable' and status = 1 and parent_id is null order by id limit 1`,
  );
  return rows[0];
}

describe('catalogue pages', () => {
  it('a product page carries title, description, canonical, hreflang, Open Graph and a valid Product JSON-LD', async () => {
    const product = await aProduct();
    const response = await get(`/${product.url_path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const origin = server.baseUrl;

    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toContain(product.name.replace(/&/g, '&amp;'));
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(attr(html, /<link rel="canonical" href="([^"]*)">/)).toBe(`${origin}/${product.url_path}`);
    expect(attr(html, /<link rel="alternate" hreflang="nl-NL" href="([^"]*)">/)).toBe(`${origin}/${product.url_path}`);
    // 127.0.0.1 names no store, so both stores share the URL here; on www.ofm-shop.nl nl-BE is the .be host's
    // (tests/unit/domain/seo/page-head.test.ts)
    expect(attr(html, /<link rel="alternate" hreflang="nl-BE" href="([^"]*)">/)).toBe(`${origin}/${product.url_path}`);
    expect(metaProperty(html, 'og:type')).toBe('product');
    expect(metaProperty(html, 'og:image')).toMatch(new RegExp(`^${origin}/img/600/.+\\.webp$`));

    const [ld, crumbs] = jsonLd(html);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(product.name);
    expect(ld.sku).toBe(product.sku);
    expect(ld.brand).toEqual({ '@type': 'Brand', 'name': product.brand });
    expect(ld.image[0]).toBe(metaProperty(html, 'og:image'));
    expect(ld.offers.priceCurrency).toBe('EUR');
    expect(ld.offers.price).toMatch(/^\d+\.\d{2}$/);
    expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);

    // The price a search engine reads is the one the app shows: the URL map's document, through the same rule.
    const mapped = await fetch(`${server.baseUrl}/api/url/map`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: product.url_path }),
    });
    const { result } = (await mapped.json()) as {
      result: { _source: PricedProduct & { stock: { is_in_stock: boolean } } };
    };
    const { price, special } = productPrices(result._source);
    expect(ld.offers.price).toBe((special ?? price)!.toFixed(2));
    expect(ld.offers.availability).toBe(
      result._source.stock.is_in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    );

    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Home', item: `${origin}/` });
    expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: product.name, item: `${origin}/${product.url_path}` });
  });

  it('the /p/{sku}/{slug} route names the product url_path as canonical', async () => {
    const product = await aProduct();
    const html = await (await get(`/p/${product.sku}/anything`)).text();
    expect(attr(html, /<link rel="canonical" href="([^"]*)">/)).toBe(`${server.baseUrl}/${product.url_path}`);
  });

  it('a category page has its own title, canonical and a BreadcrumbList', async () => {
    const { rows } = await server.db.query<{ name: string; url_path: string; meta_title: string | null }>(
      `select c.name, c.url_path, c.meta_title from categories c join url_rewrites u
          on u.entity_type = 'category' and u.entity_id = c.id and u.store_code = 'nl'
        where c.is_active and c.level = 3 order by c.id limit 1`,
    );
    const category = rows[0];
    const response = await get(`/${category.url_path}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(attr(html, /<link rel="canonical" href="([^"]*)">/)).toBe(`${server.baseUrl}/${category.url_path}`);
    const [crumbs] = jsonLd(html);
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.at(-1).name).toBe(category.name);
    expect(crumbs.itemListElement.length).toBeGreaterThanOrEqual(2);
  });

  it('a store page carries a Store with its address and opening hours, and the Organization', async () => {
    const { rows } = await server.db.query<{ slug: string; name: string; postcode: string }>(
      'select slug, name, postcode from store_locations order by id limit 1',
    );
    const store = rows[0];
    const response = await get(`/winkels/${store.slug}`);
    expect(response.status).toBe(200);
    const [ld, org] = jsonLd(await response.text());
    expect(ld['@type']).toBe('Store');
    expect(ld.name).toBe(store.name);
    expect(ld.address).toMatchObject({ '@type': 'PostalAddress', 'postalCode': store.postcode });
    expect(ld.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(org['@type']).toBe('Organization');
  });

  it('the home page names the Organization; the BE store view (the remembered choice) has its own lang and locale', async () => {
    const home = await (await get('/')).text();
    expect(jsonLd(home)[0]).toMatchObject({ '@type': 'Organization', 'url': `${server.baseUrl}/` });
    expect(home).toContain('<html lang="nl" data-store="nl"');
    const product = await aProduct();
    // 127.0.0.1 names no store: the device's choice decides, and a cache must keep the two apart
    const response = await get(`/${product.url_path}`, { cookie: 'ofm_store=be' });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toContain('Cookie');
    const html = await response.text();
    expect(html).toContain('<html lang="nl-BE" data-store="be"');
    expect(attr(html, /<link rel="canonical" href="([^"]*)">/)).toBe(`${server.baseUrl}/${product.url_path}`);
    expect(metaProperty(html, 'og:locale')).toBe('nl_BE');
  });
});

describe('status codes', () => {
  it('an unknown path answers 404 with the Dutch not-found page, kept out of the index', async () => {
    const html = await bodyOf('/dit-bestaat-echt-niet/ook-niet', 404, /^text\/html/);
    expect(html).toContain('Pagina niet gevonden');
    expect(html).toContain('Sorry, deze pagina bestaat niet (meer) of is verplaatst.');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect((await get('/p/NO-SUCH-SKU/x')).status).toBe(404);
  });

  it('a path naming a store code is no page of either store: the BE store is at / on its own host or choice', async () => {
    // spec 000 §2 "No store-code prefix is appended to URLs": the store comes from the host (or the device's choice),
    // so no path names the other store and the multistore redirect of spec 001 §2 has nothing to redirect
    for (const cookie of ['ofm_store=nl', 'ofm_store=be']) {
      for (const path of ['/be/home', '/be', '/nl/home', '/be/winkels/']) {
        const html = await bodyOf(path, 404, /^text\/html/, { cookie });
        expect(html, `${path} (${cookie})`).toContain('Pagina niet gevonden');
      }
    }
    expect(await bodyOf('/', 200, /^text\/html/, { cookie: 'ofm_store=be' })).toContain('<html lang="nl-BE"');
  });

  it('a configurable child URL answers 301 to its parent, in both store views', async () => {
    const { rows } = await server.db.query<{ sku: string; url_path: string; parent_path: string }>(
      `select c.sku, c.url_path, p.url_path as parent_path from products c join products p on p.id = c.parent_id
        join url_rewrites u on u.url_path = c.url_path and u.store_code = 'nl' and u.redirect_type = 301
        order by c.id limit 1`,
    );
    const child = rows[0];
    const nl = await get(`/${child.url_path}`);
    expect(nl.status).toBe(301);
    expect(nl.headers.get('location')).toBe(`/${child.parent_path}?childSku=${encodeURIComponent(child.sku)}`);
    const be = await get(`/${child.url_path}`, { cookie: 'ofm_store=be' });
    expect(be.status).toBe(301);
    expect(be.headers.get('location')).toBe(`/${child.parent_path}?childSku=${encodeURIComponent(child.sku)}`);
  });

  it('a product the catalogue has disabled answers 410 Gone', async () => {
    const { rows } = await server.db.query<{ id: number; url_path: string }>(
      `select id, url_path from products where type_id = 'configurable' and status = 1 order by id desc limit 1`,
    );
    await server.db.query('update products set status = 2 where id = $1', [rows[0].id]);
    try {
      const response = await get(`/${rows[0].url_path}`);
      expect(response.status).toBe(410);
      expect(await response.text()).toContain('Pagina niet gevonden');
    } finally {
      await server.db.query('update products set status = 1 where id = $1', [rows[0].id]);
    }
  });

  it('catalogue HTML may be cached by a CDN and revalidated with its ETag; cart and account HTML never', async () => {
    const product = await aProduct();
    const first = await get(`/${product.url_path}`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    // The shell's build, as the service worker's precache names it (workbox-build: the MD5 of index.html).
    const shell = await readFile(join(shellDir, 'index.html'));
    expect(first.headers.get('x-shell-revision')).toBe(createHash('md5').update(shell).digest('hex'));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`/${product.url_path}`, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get(`/${product.url_path}`, { 'if-none-match': 'W/"something-else"' });
    expect(other.status).toBe(200);

    for (const path of ['/winkelwagen', '/checkout', '/mijn-account/aankopen']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('etag')).toBeNull();
    }
  });
});

describe("the build's files", () => {
  it('a file named by its content hash is kept for a year; the others are revalidated on every use', async () => {
    const hashed = await get('/assets/index-BMKuGDSb.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/assets/placeholder.jpg', '/service-worker.js']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=0');
    }
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt is plain text and names the sitemap', async () => {
    const text = await bodyOf('/robots.txt', 200, /^text\/plain/);
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    expect(text).toContain('Disallow: /checkout');
  });

  it('each store view has its sitemap index, and every URL in its sitemaps answers 200', async () => {
    const sitemaps: string[] = [];
    for (const store of ['nl', 'be']) {
      const indexXml = await bodyOf('/sitemap.xml', 200, /^application\/xml/, { cookie: `ofm_store=${store}` });
      const listed = [...indexXml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(listed).toEqual([`${server.baseUrl}/sitemaps/${store}-1.xml`]);
      sitemaps.push(...listed);
    }

    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const xml = await (await fetch(sitemap)).text();
      const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)];
      expect(entries.length).toBe(xml.match(/<url>/g)?.length);
      urls.push(...entries.map((m) => m[1].replace(/&amp;/g, '&')));
    }
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from products where parent_id is null and status = 1 and visibility <> 1`,
    );
    // Home and every enabled product, in both stores, besides the categories.
    expect(urls.length).toBeGreaterThan(2 * (rows[0].n + 1));
    expect(urls).toContain(`${server.baseUrl}/`);
    for (const url of urls) {
      const response = await fetch(url, { redirect: 'manual' });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      await response.arrayBuffer();
    }
  });

  it('an unknown sitemap file answers 404', async () => {
    expect((await get('/sitemaps/nl-2.xml')).status).toBe(404);
    expect((await get('/sitemaps/xx-1.xml')).status).toBe(404);
  });
});
