import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium, serviceWorkerInControl } from './browser.ts';

/**
 * Offline states that tell the truth (issue 23, spec 001 §8) on a 412 px phone with the CPU 4× slower: a search offline says it needs a
 * connection instead of "no products", and searches again when the connection returns; a category opened offline
 * stays that category when the connection returns; one never opened (and a product never opened) says it is not on
 * the device and loads itself when the connection returns (issue 58), never reading as "not found".
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 30, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

/** A phone with Lighthouse's mobile CPU: four times slower. */
async function slowPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser);
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

async function goOffline(page: Page, offline: boolean): Promise<void> {
  await page.context().setOffline(offline);
  await page.evaluate((off) => window.dispatchEvent(new Event(off ? 'offline' : 'online')), offline);
}

async function appReady(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/`);
  await serviceWorkerInControl(page);
}

describe('offline states on a phone', () => {
  test('a search offline says it needs a connection, not that nothing matches; online again it shows the products', async () => {
    const { context, page } = await slowPhone();
    try {
      await appReady(page);
      await goOffline(page, true);
      const search = page.locator('form.search-form-page, header form[role="search"]').first();
      await page.goto(`${server.baseUrl}/catalogsearch/result/?q=overhemd`).catch(() => undefined);
      await page
        .getByRole('heading', { level: 1, name: 'Zoekresultaten voor ‘overhemd’' })
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(() => page.getByTestId('search-offline').innerText(), { timeout: 10_000 })
        .toBe('Je bent offline: zoeken kan alleen met een verbinding. Probeer het opnieuw als je weer online bent.');
      expect(await page.getByText('Geen producten gevonden').count()).toBe(0);
      expect(await page.locator('.product-grid .tile').count()).toBe(0);
      expect(await search.count()).toBeGreaterThan(0);

      await goOffline(page, false);
      await expect.poll(() => page.locator('.product-grid .tile').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('search-offline').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
    } finally {
      await context.close();
    }
  });

  test('a category opened offline stays the category when the connection returns, and the next page links back to it', async () => {
    const { rows } = await server.db.query<{ name: string; url_path: string }>(
      `select c.name, c.url_path from categories c where c.level = 2 and c.is_active order by c.position, c.id limit 1`,
    );
    const category = rows[0]!;
    const { context, page } = await slowPhone();
    try {
      await appReady(page);
      // seen once online, so the device knows the path
      await page.goto(`${server.baseUrl}/${category.url_path}`);
      await page.getByRole('heading', { level: 1, name: category.name }).waitFor({ timeout: 15_000 });
      // the service worker keeps the page's HTML once its answer is read; offline before that, the shell is all there is
      await expect
        .poll(() => page.evaluate(async (path) => Boolean(await caches.match(path)), `/${category.url_path}`), {
          timeout: 15_000,
        })
        .toBe(true);
      await page.goto(`${server.baseUrl}/`);
      await goOffline(page, true);
      await page.goto(`${server.baseUrl}/${category.url_path}`).catch(() => undefined);
      await page.getByRole('heading', { level: 1, name: category.name }).waitFor({ timeout: 15_000 });
      await goOffline(page, false);
      await page.waitForTimeout(3_000);
      await expect.poll(() => page.locator('main h1').first().innerText()).toBe(category.name);
      expect(await page.getByText('Pagina niet gevonden').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('a category never opened, tapped in the menu offline, says so and loads itself when the connection returns', async () => {
    const category = await subcategoryWithProducts();
    const { context, page } = await slowPhone();
    try {
      await appReady(page);
      await page.getByRole('button', { name: 'Menu' }).tap();
      await page.locator('#side-menu').getByRole('button', { name: category.parent, exact: true }).tap();
      const submenu = page.getByRole('group', { name: category.parent });
      const link = submenu.getByRole('link', { name: category.name, exact: true });
      await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
      await goOffline(page, true);
      await link.tap();
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === `/${category.url_path}`, { timeout: 15_000 });
      await comesBackOnline(page, category);
    } finally {
      await context.close();
    }
  });

  test("a category never opened, loaded in full offline (the service worker's shell), loads itself online", async () => {
    const category = await subcategoryWithProducts();
    const { context, page } = await slowPhone();
    try {
      await appReady(page);
      await goOffline(page, true);
      await page.goto(`${server.baseUrl}/${category.url_path}`).catch(() => undefined);
      await comesBackOnline(page, category);
    } finally {
      await context.close();
    }
  });

  test('a product never opened, loaded in full offline, says so and loads itself when the connection returns', async () => {
    // not one the home page's sliders list (the device keeps those once shown)
    const { rows } = await server.db.query<{ sku: string; slug: string; name: string }>(
      `select p.sku, p.slug, p.name from products p
        where p.parent_id is null and p.visibility = 4 and p.status = 1
          and not exists (select 1 from cms_stories s where s.full_slug = 'home' and s.published::text like '%"' || p.sku || '"%')
        order by p.id limit 1`,
    );
    const product = rows[0]!;
    const { context, page } = await slowPhone();
    try {
      await appReady(page);
      await goOffline(page, true);
      await page.goto(`${server.baseUrl}/p/${product.sku}/${product.slug}`).catch(() => undefined);
      await page
        .getByRole('heading', { level: 1, name: 'Deze pagina is offline niet beschikbaar' })
        .waitFor({ timeout: 15_000 });
      await goOffline(page, false);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 20_000 });
      expect(await page.getByText('Pagina niet gevonden').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('a category that does not exist still says it is not found', async () => {
    const { context, page } = await slowPhone();
    try {
      await appReady(page);
      await page.goto(`${server.baseUrl}/c/bestaat-niet`);
      await page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});

/** A subcategory (below a top menu entry) with products, which a fresh phone has never opened. */
async function subcategoryWithProducts(): Promise<{ name: string; url_path: string; parent: string }> {
  const { rows } = await server.db.query<{ name: string; url_path: string; parent: string }>(
    `select c.name, c.url_path, p.name as parent from categories c join categories p on p.id = c.parent_id
      where p.parent_id = 2 and p.is_active and c.is_active
        and exists (select 1 from products x where c.id = any(x.category_ids) and x.status = 1 and x.visibility in (2, 4))
      order by p.position, c.position, c.id limit 1`,
  );
  return rows[0]!;
}

/**
 * Offline the page says it is not on this device; online it becomes the category with its products by itself, and
 * at no moment does it say "not found" (sampled on every frame).
 */
async function comesBackOnline(page: Page, category: { name: string }): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { sawNotFound: boolean };
    w.sawNotFound = false;
    const look = () => {
      if (document.body.innerText.includes('Pagina niet gevonden')) w.sawNotFound = true;
      requestAnimationFrame(look);
    };
    look();
  });
  await page
    .getByRole('heading', { level: 1, name: 'Deze pagina is offline niet beschikbaar' })
    .waitFor({ timeout: 15_000 });
  await goOffline(page, false);
  await page.getByRole('heading', { level: 1, name: category.name }).waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('.product-grid .tile').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { sawNotFound: boolean }).sawNotFound)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
}
