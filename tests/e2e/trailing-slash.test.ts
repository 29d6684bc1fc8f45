import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer.ts';
import { DONATION_CAUSES } from '../../server/seed/content-pages.ts';
import { launchChromium, logInAs, PHONE } from './browser.ts';

/**
 * Every route of the route table (spec 001 §2) and the dispatcher's kinds of path (spec 000 §2), each with and
 * without a trailing slash, on a phone: each settles within a bounded time, never "Laden…" for good, on the page the
 * route names (its heading; the account routes logged in as the demo customer) or the Dutch not-found page; the
 * strict-slash routes end on their slash.
 */
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
/** The demo customer's first order and in-store purchase, and a store's slug: real ids for the routes' params. */
let ids: { order: string; transaction: string; store: { slug: string; name: string } };

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
  const one = async (sql: string) =>
    Object.values((await server.db.query<Record<string, string>>(sql, [DEMO_CUSTOMER.email])).rows[0] ?? {})[0];
  ids = {
    order: await one(
      `select increment_id from orders o join customers c on c.id = o.customer_id where c.email = $1 order by o.id`,
    ),
    transaction: await one(
      `select transaction_id from store_transactions t join customers c on c.id = t.customer_id where c.email = $1`,
    ),
    store: (await server.db.query<{ slug: string; name: string }>(`select slug, name from store_locations limit 1`))
      .rows[0],
  };
  const browser = await launchChromium();
  context = await browser.newContext(PHONE);
  page = await context.newPage();
  close = () => browser.close();
  // Logged in, the account routes show their own pages rather than the login request.
  await logInAs(page, server.baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
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

/** The home story's first heading (its hero's title), as the CMS serves it. */
async function homeHeading(): Promise<string> {
  const res = await api<{ story: { content: { body: { title?: string }[] } } }>(server, 'GET', '/api/cms/story/home');
  return res.body.result.story.content.body.find((b) => b.title)!.title!;
}

const bothWays = (path: string) =>
  path === '/' ? [path] : path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
const NOT_FOUND = 'Pagina niet gevonden';

describe('every path with and without a trailing slash', () => {
  test('the route table (spec 001 §2) shows each page', async () => {
    const sku = configurable.sku;
    const slug = configurable.slug ?? configurable.url_key ?? '';
    const child = configurable.configurable_children?.[0]?.sku ?? sku;
    const home = await homeHeading();
    const cause = DONATION_CAUSES[0];
    // Each route of the table with the heading of the page it must show (logged in as the demo customer).
    const routes: [path: string, heading: string][] = [
      ['/', home],
      ['/pwa.html', home],
      ['/winkelwagen/', 'Je winkelwagen is leeg'],
      // spec 001 §8 "The cart is empty before checkout"
      ['/checkout', 'Je winkelwagen is leeg'],
      ['/checkout-return/', 'Bestelling niet gevonden.'],
      ['/checkout-failed/', 'Betaling mislukt'],
      ['/mijn-account/', 'Mijn account'],
      ['/mijn-account/placeholder-1/', 'Overzicht'],
      ['/mijn-account/persoonlijke-gegevens/', 'Persoonlijke gegevens'],
      ['/mijn-account/mijn-voorkeuren/', 'Mijn voorkeuren'],
      ['/mijn-account/ofm-club/', 'OFM Club'],
      ['/mijn-account/coupons-overview/', 'Coupons'],
      ['/mijn-account/aankopen/', 'Aankopen'],
      [`/mijn-account/aankopen/${ids.order}`, `Bestelgegevens ${ids.order}`],
      [`/mijn-account/winkel-aankopen/${ids.transaction}`, 'Winkelaankoop'],
      [`/p/${sku}/${slug}`, configurable.name],
      [`/p/${sku}/${slug}/${child}`, configurable.name],
      ['/login/', 'Inloggen'],
      ['/password/reset', 'Wachtwoord herstellen'],
      ['/winkels/', 'Vind een winkel'],
      [`/w/winkels/${ids.store.slug}`, ids.store.name],
      [`/mannen-voor-mannen/${cause.slug}`, cause.title],
      ['/wishlist/', 'Je verlanglijst is leeg'],
      ['/error/', 'Er ging iets mis'],
      // the preview route opened without the editor's link says so (docs/content.md)
      ['/storyblok', 'Voorbeeldweergave'],
      [`/c/${category.url_path.split('/').pop()}`, category.name],
    ];
    const seen: [path: string, heading: string][] = [];
    const expected: [path: string, heading: string][] = [];
    for (const [route, heading] of routes) {
      for (const path of bothWays(route)) {
        seen.push([path, await settle(path)]);
        expected.push([path, heading]);
      }
    }
    expect(seen).toEqual(expected);
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
    // An unknown path must settle too, on the not-found page.
    const expected: Record<string, string> = {
      [`/${category.url_path}`]: category.name,
      [`/${subcategory.url_path}`]: subcategory.name,
      [`/${configurable.url_path}`]: configurable.name,
      '/klantenservice': 'Klantenservice',
      '/l/elevate/nieuw-binnen': 'Nieuw binnen',
      '/blog': 'Blog',
      '/deze-pagina-bestaat-niet': NOT_FOUND,
    };
    for (const [path, heading] of Object.entries(expected)) {
      expect(await settle(path), path).toBe(heading);
      expect(await settle(`${path}/`), `${path}/`).toBe(heading);
    }
  }, 300_000);
});
