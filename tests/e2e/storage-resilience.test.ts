import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { buildVersion } from '../../server/build-version.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { useAppInChromium } from './browser.ts';
import { lastCartId } from './server-carts.ts';
import { cartItemsSchema } from '../../schemas/cart-items.ts';

/**
 * The device's storage failing in every way spec 001 §4 "Offline cache" names, on Chromium's real IndexedDB: a tiny
 * quota, an IndexedDB whose open fails or never answers, and a storm of write errors. The faults are put into the
 * worker itself: its script is served with a prelude that changes IndexedDB in the worker's scope before the shop's
 * code runs (see `tinyQuota` for why the quota is not DevTools' override). The shop must keep browsing and selling;
 * the cart must never be lost where storage works, and the shopper is told when it only lives in memory.
 */

interface Doc {
  sku: string;
  name: string;
  slug?: string;
  url_key?: string;
  category_ids?: number[];
  configurable_children?: { sku: string; stock?: { is_in_stock: boolean; qty: number } }[];
}
interface CategoryDoc {
  id: number;
  name: string;
  url_path: string;
  level: number;
}

let server: TestServer;
let browser: Browser;
let product: { name: string; url: string; childSku: string };
let categories: CategoryDoc[];
/** The side menu's top categories (Pakken, Colberts, Overhemden, …). */
let topCategories: string[];

const PHONE = { viewport: { width: 412, height: 915 }, locale: 'nl-NL', isMobile: true, hasTouch: true };
const MEMORY_NOTICE =
  'De opslag op dit apparaat werkt niet: je wijzigingen worden mogelijk niet bewaard na het sluiten.';
/** The tiny quota: room for the app's start and a few pages of catalogue, far less than the pages browsed. */
const QUOTA_BYTES = 1_500_000;
const count = (page: Page) => page.getByTestId('cart-count').innerText();

/** The worker's script with `prelude` run first in the worker's scope (the shop's code runs after it). */
async function breakWorkerStorage(context: BrowserContext, prelude: string): Promise<void> {
  await context.route('**/assets/shop-worker-*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: `${prelude}\n${body}` });
  });
}

/**
 * A byte quota on the worker's IndexedDB, enforced where the browser enforces it: a put that would grow what the
 * worker stored past `quota` fails with QuotaExceededError, a delete frees its bytes, and `navigator.storage.estimate`
 * reports the same numbers. Chromium 156 accepts DevTools' `Storage.overrideQuotaForOrigin` (getUsageAndQuota shows
 * it) but neither IndexedDB nor `estimate()` honours it, so the quota is applied in the worker's own scope.
 */
function tinyQuota(quota: number): string {
  return `(() => {
    const sizes = new Map();
    let used = 0;
    const bytes = (value) => (JSON.stringify(value) ?? '').length * 2;
    const id = (store, key) => store.transaction.db.name + '/' + store.name + '/' + JSON.stringify(key);
    const keyOf = (store, value, key) =>
      key !== undefined ? key : Array.isArray(store.keyPath) ? store.keyPath.map((p) => value[p]) : value[store.keyPath];
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (value, key) {
      const k = id(this, keyOf(this, value, key));
      const next = used - (sizes.get(k) ?? 0) + bytes(value);
      if (next > ${quota} && next > used) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      const request = put.call(this, value, key);
      used = next;
      sizes.set(k, bytes(value));
      return request;
    };
    const remove = IDBObjectStore.prototype.delete;
    IDBObjectStore.prototype.delete = function (key) {
      const k = id(this, key);
      used -= sizes.get(k) ?? 0;
      sizes.delete(k);
      return remove.call(this, key);
    };
    Object.defineProperty(StorageManager.prototype, 'estimate', {
      value: async () => ({ usage: used, quota: ${quota} }),
    });
  })();`;
}

/** The shop in a phone-sized context; the service worker is kept out, so every worker start fetches its script. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

async function openCategory(page: Page, category: CategoryDoc): Promise<void> {
  await page.goto(`${server.baseUrl}/${category.url_path}`);
  await page.getByRole('heading', { level: 1, name: category.name }).waitFor({ timeout: 20_000 });
  await page.locator('.product-grid .tile').first().waitFor({ timeout: 20_000 });
}

/** Opens the product page (a page load: a fresh worker) with the storage diagnostics under it. */
async function openProductWithDiagnostics(page: Page): Promise<void> {
  await page.goto(`${product.url}?diagnostics=1`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 20_000 });
  await page.locator('.storage-diagnostics dd').first().waitFor({ timeout: 15_000 });
}

/** Adds the product on its open page; then, without loading a page (memory lives as long as the worker), follows the
 * notification's "Verder naar afrekenen" to the checkout, which lists the line. */
async function addToCartAndCheckOut(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
  await page.locator('button.add-to-cart').click();
  await expect.poll(() => count(page), { timeout: 15_000 }).toContain('1');
  await page.locator('.notifications').getByRole('link', { name: 'Verder naar afrekenen' }).click();
  await page.waitForURL(/\/checkout/);
  await page.locator('main').getByText(product.name).first().waitFor({ timeout: 15_000 });
}

/** A top category from the side menu ("Alle …" in its submenu): the app navigates, the worker stays the same. */
async function openCategoryInApp(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).tap();
  await page.locator('#side-menu').getByRole('button', { name, exact: true }).tap();
  await page
    .getByRole('group', { name })
    .getByRole('link', { name: `Alle ${name}` })
    .tap();
  await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 20_000 }).toBe(name);
  await page.locator('.product-grid .tile').first().waitFor({ timeout: 20_000 });
}

/** Adds ?diagnostics=1 to the address as the browser's history does, without loading the page (same worker). */
async function showDiagnosticsInApp(page: Page): Promise<void> {
  await page.evaluate(() => {
    history.pushState(history.state, '', `${location.pathname}?diagnostics=1`);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  });
  await page.locator('.storage-diagnostics dd').first().waitFor({ timeout: 15_000 });
}

/** The diagnostics view (?diagnostics=1) on the open page, as label → value. */
async function diagnostics(page: Page): Promise<Record<string, string>> {
  return page.$$eval('.storage-diagnostics dl > div', (rows) =>
    Object.fromEntries(
      rows.map((row) => [row.querySelector('dt')!.textContent!, row.querySelector('dd')!.textContent!]),
    ),
  );
}

/**
 * What the worker's database holds on Chromium's IndexedDB, read directly: every cache entry (collection and
 * `cached_at`) and the cart lines. RxDB's Dexie storage keeps one IndexedDB database per collection.
 */
async function storedEntries(
  page: Page,
): Promise<{ entries: { collection: string; cachedAt: number; bytes: number }[]; cart: number }> {
  return page.evaluate(async (cartVersion) => {
    const read = (name: string) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('docs').objectStore('docs').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Record<string, unknown>[]);
          };
          all.onerror = () => reject(all.error);
        };
      });
    const entries: { collection: string; cachedAt: number; bytes: number }[] = [];
    for (const collection of ['products', 'categories', 'url_map', 'cache']) {
      for (const doc of await read(`rxdb-dexie-ofm-shop-nl--0--${collection}`)) {
        // Dexie stores RxDB's _deleted as '1' / '0' (IndexedDB cannot index booleans).
        if (doc._deleted !== '1')
          entries.push({ collection, cachedAt: Number(doc.cached_at), bytes: JSON.stringify(doc).length * 2 });
      }
    }
    // the database's name carries the collection's schema version
    const cart = (await read(`rxdb-dexie-ofm-shop-nl--${cartVersion}--cart_items`)).filter(
      (doc) => doc._deleted !== '1',
    ).length;
    return { entries: entries.sort((a, b) => a.cachedAt - b.cachedAt), cart };
  }, cartItemsSchema.version);
}

/** A guest cart on the server holding the product: the cart worked all the way to the server. */
async function serverHasCartWith(sku: string, since: number): Promise<boolean> {
  const { rows } = await server.db.query<{ n: number }>(
    `select count(*)::int as n from cart_items ci join carts c on c.id = ci.cart_id
     where c.id > $1 and c.customer_id is null and ci.sku = $2`,
    [since, sku],
  );
  return rows[0]!.n > 0;
}

useAppInChromium({ products: 120, staticDir: 'dist', images: true }, async (app) => {
  ({ server, browser } = app);
  const search = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 100,
  });
  for (const p of search.body.result.items) {
    const child = (p.configurable_children ?? []).find((c) => c.stock?.is_in_stock && (c.stock?.qty ?? 0) >= 5);
    if (!child) continue;
    product = {
      name: p.name,
      url: `${server.baseUrl}/p/${p.sku}/${p.slug ?? p.url_key}/${child.sku}`,
      childSku: child.sku,
    };
    break;
  }
  expect(product, 'seed has a configurable product in stock').toBeTruthy();
  // Categories that hold the listed products, so every category page visited has tiles.
  const ids = [...new Set(search.body.result.items.flatMap((p) => p.category_ids ?? []))];
  const found = await api<{ items: CategoryDoc[] }>(server, 'POST', '/api/catalog/nl/category/_search', {
    filter: { id: { in: ids } },
    size: 200,
  });
  categories = found.body.result.items.filter((c) => c.url_path && c.level >= 2);
  expect(categories.length, 'seed has categories with products').toBeGreaterThanOrEqual(3);
  const tops = await api<{ items: CategoryDoc[] }>(server, 'POST', '/api/catalog/nl/category/_search', {
    filter: { parent_id: 2 },
    size: 50,
  });
  topCategories = tops.body.result.items.map((c) => c.name);
  expect(topCategories.length, 'seed has the top categories of the side menu').toBeGreaterThanOrEqual(8);
});

describe('spec 001 §4 offline cache in Chromium', () => {
  test('a tiny quota: browsing many pages purges the oldest cache entries first, never the cart, which survives a reload', async () => {
    const { context, page } = await phone();
    await breakWorkerStorage(context, tinyQuota(QUOTA_BYTES));
    const since = await lastCartId(server);
    await openCategory(page, categories[0]!);
    await page.goto(product.url);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 20_000 });
    await addToCartAndCheckOut(page);
    await expect.poll(() => serverHasCartWith(product.childSku, since), { timeout: 20_000 }).toBe(true);
    // Many pages, each a few hundred kB of catalogue: far more than the quota holds. Browsed in the app (one
    // worker), as a shopper taps from category to category.
    // Back from the checkout (no menu there) to the product page, within the app.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 20_000 });
    const browsingFrom = Date.now();
    let lastVisit = 0;
    for (const name of topCategories) {
      lastVisit = Date.now();
      await openCategoryInApp(page, name);
    }

    await showDiagnosticsInApp(page);
    const shown = await diagnostics(page);
    expect(shown.Opslag).toBe('Op dit apparaat');
    expect(shown['Laatste opschoning']).toMatch(/^[1-9]\d* cache-items op /);
    // The quota check (first after 5 s, then every 30 s) shows the quota the browser reports.
    expect(shown['Gebruikt / quotum (browser)']).toMatch(/ \/ 1\.464,8 kB$/);
    // the build and the server name their versions (docs/api.md "Versions"): here the same checkout's
    expect(shown.Appversie).toBe(buildVersion());
    expect(shown.Serverversie).toBe(buildVersion());
    const stored = await storedEntries(page);
    expect(stored.cart).toBe(1);
    expect(stored.entries.reduce((sum, entry) => sum + entry.bytes, 0)).toBeLessThanOrEqual(QUOTA_BYTES);
    // Least recently used first: what the first pages cached (and nothing used since) is gone, the last page's is there.
    expect(stored.entries[0]!.cachedAt).toBeGreaterThanOrEqual(browsingFrom);
    expect(stored.entries.at(-1)!.cachedAt).toBeGreaterThanOrEqual(lastVisit);

    await page.reload();
    await page.locator('.storage-diagnostics dd').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => count(page), { timeout: 15_000 }).toContain('1');
    expect((await diagnostics(page)).Opslag).toBe('Op dit apparaat');
    await context.close();
  });

  test('IndexedDB open fails: the shop browses, the cart and checkout work in memory with the notice; storage is back after a reload', async () => {
    const { context, page } = await phone();
    await breakWorkerStorage(
      context,
      `self.indexedDB.open = () => { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };`,
    );
    const since = await lastCartId(server);
    await openCategory(page, categories[0]!);
    await page.getByText(MEMORY_NOTICE).waitFor({ timeout: 15_000 });
    await openProductWithDiagnostics(page);
    expect(await diagnostics(page)).toMatchObject({ Opslag: 'Alleen in het geheugen (deze sessie)' });
    await page.getByText(MEMORY_NOTICE).waitFor({ timeout: 15_000 });
    await addToCartAndCheckOut(page);
    await expect.poll(() => serverHasCartWith(product.childSku, since), { timeout: 20_000 }).toBe(true);

    // The browser's storage works again: the next start uses it, without the notice.
    await context.unrouteAll({ behavior: 'wait' });
    await openProductWithDiagnostics(page);
    await expect
      .poll(() => diagnostics(page))
      .toMatchObject({ 'Opslag': 'Op dit apparaat', 'Leesfouten / schrijffouten / time-outs': '0 / 0 / 0' });
    expect(await page.getByText(MEMORY_NOTICE).count()).toBe(0);
    await context.close();
  });

  test('IndexedDB open never answers: within seconds the shop browses, the cart and checkout work in memory with the notice', async () => {
    const { context, page } = await phone();
    // An open request whose success, error or blocked event never comes.
    await breakWorkerStorage(context, `self.indexedDB.open = () => ({});`);
    const since = await lastCartId(server);
    await openCategory(page, categories[1]!);
    await page.getByText(MEMORY_NOTICE).waitFor({ timeout: 15_000 });
    await openProductWithDiagnostics(page);
    const shown = await diagnostics(page);
    expect(shown.Opslag).toBe('Alleen in het geheugen (deze sessie)');
    expect(shown['Leesfouten / schrijffouten / time-outs']).toMatch(/^1 \/ 0 \/ [1-9]/);
    await addToCartAndCheckOut(page);
    await expect.poll(() => serverHasCartWith(product.childSku, since), { timeout: 20_000 }).toBe(true);
    await context.close();
  });

  test('a storm of write errors switches to memory after 30; browsing, the cart and checkout keep working', async () => {
    const { context, page } = await phone();
    // Every write the worker makes fails as on a broken database.
    await breakWorkerStorage(
      context,
      `IDBObjectStore.prototype.put = function () { throw new DOMException('write failed', 'UnknownError'); };`,
    );
    await openCategory(page, categories[2]!);
    await page.getByText(MEMORY_NOTICE).waitFor({ timeout: 15_000 });
    await openProductWithDiagnostics(page);
    const shown = await diagnostics(page);
    expect(shown.Opslag).toBe('Alleen in het geheugen (deze sessie)');
    // 30 write errors switch; a write already on its way when they did may add one more.
    const [reads, writes] = shown['Leesfouten / schrijffouten / time-outs']!.split(' / ').map(Number);
    expect(reads).toBe(0);
    expect(writes).toBeGreaterThanOrEqual(30);
    await addToCartAndCheckOut(page);
    await context.close();
  });
});
