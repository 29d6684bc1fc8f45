import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { productPrices } from '../../domain/catalog/product-prices.ts';
import { formatPrice, toCents } from '../../domain/money.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { holdAppEntry, openPage, PHONE, useShopInChromium } from './browser.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * Server-rendered pages (docs/server-rendering.md) on a phone: without JavaScript the product, category and content
 * pages show what a shopper and a search engine need; with JavaScript the app hydrates the server's HTML without a
 * single hydration complaint, navigates in the browser and the worker takes over (add to cart).
 */
interface Doc {
  sku: string;
  name: string;
  meta_title?: string;
  url_path: string;
  price_incl_tax?: number;
  original_price_incl_tax?: number;
  special_price_incl_tax?: number;
  final_price_incl_tax?: number;
}

let server: TestServer;
let browser: Browser;
let pick: ProductPick;
/** Another product, for the tap made before the app started. */
let earlyPick: ProductPick;
let product: Doc;
let category: { id: number; name: string; url_path: string; url_key: string };
let listed: Doc[];
let store: { slug: string; name: string };
/** A search-provider landing page over the category (the dispatcher's fallback step 2) and its products. */
const LANDING = { path: '/acties/zomer-sale/', heading: 'Zomer sale' };
let landingNames: string[];
/** A word of the product's name: the search page finds it. */
let searchTerm: string;

const shownPrice = (doc: Doc) => {
  const { price, special } = productPrices(doc);
  return formatPrice(toCents(special ?? price!));
};

useShopInChromium({ products: 40, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  [pick, earlyPick] = await configurablePicks(server, 1);
  const found = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { sku: pick.sku },
    size: 1,
  });
  product = found.body.result.items[0];
  const cats = await api<{ items: (typeof category)[] }>(server, 'POST', '/api/catalog/nl/category/_search', {
    filter: { level: 3 },
    size: 50,
  });
  // A category with products, and the first page of its listing as the category page lists it (position order).
  for (const c of cats.body.result.items) {
    const list = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
      filter: { category_ids: { in: [c.id] }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } },
      sort: 'position:asc',
      size: 24,
    });
    if (list.body.result.items.length >= 2) {
      category = c;
      listed = list.body.result.items;
      break;
    }
  }
  expect(category, 'the seed has a category with products').toBeTruthy();
  store = (await api<(typeof store)[]>(server, 'GET', '/api/stores')).body.result[0];
  searchTerm = product.name.split(' ').find((word) => word.length >= 4)!;
  await server.db.query(
    `insert into landing_pages (url_path, page_heading, query, content, published) values ($1, $2, $3, '[]', true)`,
    ['acties/zomer-sale', LANDING.heading, JSON.stringify({ category_ids: [category.id] })],
  );
  const landing = await api<{ primaryList: { productGroups: { products: Doc[] }[] } }>(
    server,
    'GET',
    '/api/search-provider/landing-page?url_path=acties/zomer-sale',
  );
  landingNames = landing.body.result.primaryList.productGroups.map((g) => g.products[0].name);
});

describe('without JavaScript (what a search engine reads)', () => {
  test('a product page shows its name, price and breadcrumb links', async () => {
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    const response = await page.goto(`${server.baseUrl}/${product.url_path}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(product.name);
    await expect(page.locator('.product-page .price-current').first().textContent()).resolves.toBe(shownPrice(product));
    expect(await page.locator('.breadcrumbs a').count()).toBeGreaterThan(0);
    // the head is the SEO resolver's (server/seo/): the product's meta title where it has one
    expect(await page.title()).toBe(`${product.meta_title ?? product.name} | OFM Herenmode`);
    await context.close();
  });

  test("a product page shows its other colours, and tapping one opens that colour's page", async () => {
    const { rows } = await server.db.query<{ url_path: string; skus: string[] }>(
      `select p.url_path, array_agg(l.linked_product_sku) as skus from products p
         join product_links l on l.product_id = p.id and l.link_type = 'colorrelation'
        where p.parent_id is null and p.status = 1 group by p.id order by p.id limit 1`,
    );
    const colours = await api<{ items: (Doc & { color_label?: string; stock?: { is_in_stock: boolean } })[] }>(
      server,
      'POST',
      '/api/catalog/nl/product/_search',
      { filter: { sku: { in: rows[0].skus }, status: 1 }, size: rows[0].skus.length },
    );
    const inStock = colours.body.result.items.filter((p) => p.stock?.is_in_stock !== false);
    expect(inStock.length).toBeGreaterThan(0);
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(`${server.baseUrl}/${rows[0].url_path}`);
    const swatches = page.locator('.colour-list a.colour-swatch');
    expect((await swatches.allInnerTexts()).sort()).toEqual(inStock.map((p) => p.color_label ?? p.name).sort());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    const other = inStock[0];
    await swatches.getByText(other.color_label ?? other.name, { exact: true }).tap();
    await page.waitForURL(new RegExp(`/p/${other.sku}/`));
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(other.name);
    await context.close();
  });

  test('a category page lists its products with their prices and links, by url_path and by /c/{slug}', async () => {
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    for (const path of [`/${category.url_path}`, `/c/${category.url_key}`]) {
      const response = await page.goto(`${server.baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(category.name);
      const first = page.locator('.tile').first();
      await expect(first.locator('.tile-name').innerText()).resolves.toBe(listed[0].name);
      await expect(first.locator('a.tile-link').getAttribute('href')).resolves.toMatch(/^\/./);
      await expect(first.locator('.price-current').textContent()).resolves.toBe(shownPrice(listed[0]));
      expect(await page.locator('.tile').count()).toBe(listed.length);
    }
    await context.close();
  });

  test('every page links the top categories (the tabs and the menu) and shows the selling points; a tab opens its category', async () => {
    const { rows: top } = await server.db.query<{ name: string; url_path: string }>(
      'select name, url_path from categories where parent_id = 2 and is_active order by position, id',
    );
    expect(top.length).toBeGreaterThan(1);
    const usps = await api<{ story: { content: { items: { bold: string }[] } } }>(
      server,
      'GET',
      '/api/cms/story/global/usps',
    );
    const promises = usps.body.result.story.content.items.map((item) => item.bold);
    expect(promises.length).toBeGreaterThan(0);
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    for (const path of [`/${product.url_path}`, '/klantenservice', '/']) {
      await page.goto(`${server.baseUrl}${path}`);
      expect(
        await page.getByRole('complementary', { name: 'Onze beloftes' }).locator('strong').allInnerTexts(),
      ).toEqual(promises);
      const tabs = page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link');
      expect(await tabs.allInnerTexts()).toEqual(top.map((c) => c.name));
      const menu = await page
        .locator('#side-menu > ul > li > a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      // the menu's own links (the stores) follow the categories
      expect(menu.slice(0, top.length)).toEqual(top.map((c) => `/${c.url_path}`));
    }
    await page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link', { name: top[1].name }).tap();
    await page.waitForURL(`${server.baseUrl}/${top[1].url_path}`);
    await page.getByRole('heading', { level: 1, name: top[1].name }).waitFor();
    await context.close();
  });

  test('a content story shows its title and the shop’s links; an unknown path is the Dutch not-found page with 404', async () => {
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    const response = await page.goto(`${server.baseUrl}/klantenservice`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Klantenservice' }).waitFor();
    expect(await page.locator('footer a').count()).toBeGreaterThan(0);

    const missing = await page.goto(`${server.baseUrl}/bestaat-niet-${Date.now()}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor();
    await context.close();
  });
});

describe('without JavaScript, a path the URL dispatcher resolves by its fallback (spec 000 §2)', () => {
  test('a search-provider landing page shows its title and products', async () => {
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    const response = await page.goto(`${server.baseUrl}${LANDING.path}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(LANDING.heading);
    expect(landingNames.length).toBeGreaterThan(0);
    await expect(page.locator('.tile .tile-name').allInnerTexts()).resolves.toEqual(landingNames);
    await context.close();
  });
});

/** What the app says on every start whatever the page: RxDB's storage notice and analytics being off in tests. */
const KNOWN_NOTICES = [/RxDB Open Core RxStorage/, /Analytics is off/];

/**
 * Console errors and warnings of a page, and uncaught errors: hydration mismatches surface here. Product images are
 * not generated for this server (a 404 each), and the two notices every start prints are not complaints.
 */
function complaints(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (KNOWN_NOTICES.some((notice) => notice.test(m.text()))) return;
    if (m.text().startsWith('Failed to load resource') && new URL(m.location().url).pathname.startsWith('/img/'))
      return;
    seen.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

/** React has hydrated the server's HTML up to this element: it carries React's fiber. */
async function hydrated(page: Page, selector = '#main'): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

describe('with JavaScript', () => {
  test('home, category, product, content, store and search pages hydrate without a complaint', async () => {
    const { context, page } = await openPage(browser);
    const seen = complaints(page);
    const pages: [string, string | undefined][] = [
      ['/', undefined],
      [`/${category.url_path}`, category.name],
      [`/c/${category.url_key}`, category.name],
      [`/${product.url_path}`, product.name],
      [`/p/${pick.sku}/x`, product.name],
      ['/klantenservice', 'Klantenservice'],
      ['/winkels/', 'Vind een winkel'],
      [`/w/winkels/${store.slug}`, store.name],
      // through the URL dispatcher's fallback: a store and a landing page
      [`/winkels/${store.slug}`, store.name],
      [LANDING.path, LANDING.heading],
      [`/catalogsearch/result/?q=${encodeURIComponent(searchTerm)}`, `Zoekresultaten voor ‘${searchTerm}’`],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await hydrated(page);
      // The worker answers the page's reads after hydration; a mismatch would have been reported by then.
      await page.waitForLoadState('networkidle');
    }
    expect(seen).toEqual([]);
    await context.close();
  });

  test('on a phone four times slower, the app hydrates the HTML the server sent: no complaint, no element drawn anew', async () => {
    const { context, page } = await openPage(browser);
    const seen = complaints(page);
    // A slow phone hydrates in many slices; what happens between them (the service worker ready, a notification)
    // must not make React throw the server's HTML away and draw the page again.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The server's heading, marked before any script of the app runs; a page drawn anew has a new, unmarked one.
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of document.querySelectorAll('h1, .tabbed-nav a')) {
          (element as HTMLElement & { fromServer?: boolean }).fromServer = true;
        }
      }),
    );
    for (const [path, heading] of [
      [`/${category.url_path}`, category.name],
      [`/${product.url_path}`, product.name],
      ['/klantenservice', 'Klantenservice'],
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const h1 = page.getByRole('heading', { level: 1, name: heading }).first();
      await expect(h1.evaluate((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer)).resolves.toBe(true);
      // The category tabs too: the worker's empty local cache (a first visit) does not take them away.
      const tabs = page.locator('.tabbed-nav a');
      expect(await tabs.count()).toBeGreaterThan(1);
      expect(
        await tabs.evaluateAll((els) => els.every((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer)),
      ).toBe(true);
    }
    expect(seen).toEqual([]);
    await context.close();
  });

  test('the CMS stories the page was rendered with are not asked for again when the app starts', async () => {
    const { context, page } = await openPage(browser);
    const storyRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/cms/story/')) storyRequests.push(request.url());
    });
    // The home page's story and the shell's (highlight bar, selling points, footer, review score) came with the HTML.
    for (const path of ['/', `/${product.url_path}`]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('footer a').count()).toBeGreaterThan(0);
    }
    expect(storyRequests).toEqual([]);
    // A story the server did not send (the next page's) is asked for: a selling point's link to a content page.
    await page.getByRole('complementary', { name: 'Onze beloftes' }).getByRole('link').first().tap();
    await page.waitForURL(/\/verzenden-en-retourneren$/);
    await expect
      .poll(() => storyRequests.some((url) => new URL(url).pathname === '/api/cms/story/verzenden-en-retourneren'))
      .toBe(true);
    await context.close();
  });

  test("the app's scripts are fetched after the main image is on the screen, and the page then works", async () => {
    const { context, page } = await openPage(browser);
    await context.addInitScript(() => {
      const painted: number[] = [];
      (window as unknown as { painted: number[] }).painted = painted;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { renderTime: number; element: Element }[])
          // the page's first main image (a category page has two: its first row)
          if (entry.element === document.querySelector('img[elementtiming="main-image"]'))
            painted.push(entry.renderTime || entry.startTime);
      }).observe({ type: 'element', buffered: true });
    });
    // The category and product pages have a main image; a customer-service page has none: its first paint counts.
    for (const [path, mainImage] of [
      ['/klantenservice', false],
      [`/${category.url_path}`, true],
      [`/${product.url_path}`, true],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        image: (window as unknown as { painted: number[] }).painted[0],
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      const painted = mainImage ? timing.image : timing.firstPaint;
      expect(painted, `${path}: painted`).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(painted!);
    }
    // A main image that never arrives holds the app back for at most 2.5 s: the page is then the app's.
    await page.route('**/img/**', () => undefined);
    await page.goto(`${server.baseUrl}/${product.url_path}`, { waitUntil: 'commit' });
    await hydrated(page, 'a.logo');
    await page.locator('a.logo').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('"In winkelwagen" tapped before the app has started (a slow connection) is not lost: the cart gets the product', async () => {
    const { context, page } = await openPage(browser);
    await holdAppEntry(page);
    const requested = new Promise<void>((resolve) =>
      page.on('request', (request) => /\/assets\/index-.*\.js$/.test(request.url()) && resolve()),
    );
    const since = (await server.db.query<{ n: number }>('select count(*)::int as n from cart_items')).rows[0].n;
    // `waitUntil` named: the tap comes before the app runs, as a shopper's would (browser.ts waits otherwise)
    await page.goto(earlyPick.url, { waitUntil: 'load' });
    await requested;
    expect(await page.getByTestId('cart-count').innerText()).not.toContain('1');
    await page.getByRole('button', { name: 'In winkelwagen' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toContain('1');
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ n: number }>('select count(*)::int as n from cart_items where sku = $1', [
              earlyPick.childSku,
            ])
          ).rows[0].n,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from cart_items')).rows[0].n).toBe(
      since + 1,
    );
    await context.close();
  });

  test('a search typed before the app has started (a slow connection) is not lost: suggestions, then its results', async () => {
    const { context, page } = await openPage(browser);
    await holdAppEntry(page);
    // `waitUntil` named: the typing comes before the app runs (browser.ts waits otherwise)
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill(searchTerm);
    await expect.poll(() => page.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Zoekresultaten voor ‘${searchTerm}’` }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(searchTerm);
    await context.close();
  });

  test('after hydration a link navigates in the browser and add to cart goes through the worker to the server', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(pick.url);
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor();
    await hydrated(page, 'a.logo');
    await page.evaluate(() => ((window as unknown as { rendered: string }).rendered = 'server'));
    // The logo's link is followed by the router, not by a new document: the page's window stays.
    await page.locator('a.logo').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => (window as unknown as { rendered?: string }).rendered)).toBe('server');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor();

    await page.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toContain('1');
    await expect
      .poll(
        async () =>
          (await server.db.query<{ sku: string }>('select sku from cart_items where sku = $1', [pick.childSku])).rows
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await context.close();
  });
});
