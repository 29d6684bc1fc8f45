import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium } from './browser.ts';

/**
 * Every route of the route table (spec 001 §2) and the dispatcher's kinds of path (spec 000 §2), each with and
 * without a trailing slash, on a phone: each settles on a page with its heading (or the Dutch not-found page) within
 * a bounded time, never "Laden…" for good; the strict-slash routes end on their slash.
 */
const PHONE = { viewport: { width: 412, height: 915 }, locale: 'nl-NL' };
const SETTLED_MS = 10_000;

interface Doc {
  sku: string;
  slug?: string;
  url_key?: string;
  url_path: string;
  name: string;
  type_id: string;
  configurable_children?: { sku: string }[];
}

let server: TestServer;
let context: BrowserContext;
let page: Page;
let close: () => Promise<void>;
let configurable: Doc;
let category: { url_path: string; name: string };
let subcategory: { url_path: string; name: string };

beforeAll(async () => {
  server = await startTestServer({ products: 30, staticDir: 'dist' });
  const products = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', status: 1 },
    size: 1,
  });
  configurable = products.body.result.items[0];
  const cats = await api<{ items: { url_path: string; name: string; level: number }[] }>(
    server,
    'POST',
    '/api/catalog/nl/category/_search',
    { size: 200 },
  );
  category = cats.body.result.items.find((c) => c.level === 2)!;
  subcategory = cats.body.result.items.find((c) => c.level === 3 && c.url_path.startsWith(`${category.url_path}/`))!;
  expect(configurable && category && subcategory, 'seed has a product, a category and a subcategory').toBeTruthy();
  const browser = await launchChromium();
  context = await browser.newContext(PHONE);
  page = await context.newPage();
  close = () => browser.close();
});

afterAll(async () => {
  await close?.();
  await server?.close();
});

/** Opens the path and waits until a page heading shows and no loader is left. */
async function settle(path: string): Promise<string> {
  await page.goto(server.baseUrl + path);
  const heading = page.locator('main h1').first();
  await heading.waitFor({ state: 'visible', timeout: SETTLED_MS });
  await page.locator('.loader').first().waitFor({ state: 'hidden', timeout: SETTLED_MS });
  return (await heading.textContent())?.trim() ?? '';
}

const bothWays = (path: string) =>
  path === '/' ? [path] : path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
const NOT_FOUND = 'Pagina niet gevonden';

describe('every path with and without a trailing slash', () => {
  test('the route table (spec 001 §2) shows each page', async () => {
    const sku = configurable.sku;
    const slug = configurable.slug ?? configurable.url_key ?? '';
    const child = configurable.configurable_children?.[0]?.sku ?? sku;
    const routes = [
      '/',
      '/pwa.html',
      '/winkelwagen/',
      '/checkout',
      '/checkout-return/',
      '/checkout-failed/',
      '/mijn-account/',
      '/mijn-account/placeholder-1/',
      '/mijn-account/persoonlijke-gegevens/',
      '/mijn-account/mijn-voorkeuren/',
      '/mijn-account/ofm-club/',
      '/mijn-account/coupons-overview/',
      '/mijn-account/aankopen/',
      '/mijn-account/aankopen/000000001',
      '/mijn-account/winkel-aankopen/T-1',
      `/p/${sku}/${slug}`,
      `/p/${sku}/${slug}/${child}`,
      '/login/',
      '/password/reset',
      '/winkels/',
      '/w/winkels/amsterdam',
      '/mannen-voor-mannen/actie',
      '/wishlist/',
      '/error/',
      '/storyblok',
      `/c/${category.url_path.split('/').pop()}`,
    ];
    const headings: Record<string, string> = {};
    for (const route of routes) {
      for (const path of bothWays(route)) headings[path] = await settle(path);
    }
    for (const route of routes) {
      const [a, b = a] = bothWays(route);
      expect(headings[a], `${a} shows a heading`).not.toBe('');
      expect(headings[b], `${b} shows the page ${a} shows`).toBe(headings[a]);
    }
  }, 300_000);

  test('the strict-slash routes (spec 001 §2) end on their slash', async () => {
    for (const route of ['/l/elevate', '/catalogsearch/result']) {
      await settle(`${route}?q=overhemd`);
      expect(new URL(page.url()).pathname).toBe(`${route}/`);
      await settle(`${route}/?q=overhemd`);
      expect(new URL(page.url()).pathname).toBe(`${route}/`);
    }
  }, 60_000);

  test('dispatcher paths (spec 000 §2) resolve the same with and without the slash', async () => {
    // The blog overview has no page of its own yet: it must settle, on the not-found page.
    const expected: Record<string, string> = {
      [`/${category.url_path}`]: category.name,
      [`/${subcategory.url_path}`]: subcategory.name,
      [`/${configurable.url_path}`]: configurable.name,
      '/klantenservice': 'Klantenservice',
      '/l/elevate/nieuw-binnen': 'Nieuw binnen',
      '/blog': NOT_FOUND,
      '/deze-pagina-bestaat-niet': NOT_FOUND,
    };
    for (const [path, heading] of Object.entries(expected)) {
      expect(await settle(path), path).toBe(heading);
      expect(await settle(`${path}/`), `${path}/`).toBe(heading);
    }
  }, 300_000);
});
