import { describe, expect, test } from 'vitest';
import { api } from '../support/test-server.ts';
import { openPage, PHONE } from './browser.ts';
import {
  browser,
  category,
  LANDING,
  landingNames,
  listed,
  product,
  server,
  shownPrice,
  useRenderedPages,
  type Doc,
} from './rendered-pages.ts';

/**
 * Server-rendered pages (docs/server-rendering.md) on a phone without JavaScript: the product, category and content
 * pages show what a shopper and a search engine need. With JavaScript: server-rendered.test.ts.
 */
useRenderedPages();

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

  // The overview's code is not in the app's entry (src/features/content/blocks.tsx): the server loads it before it
  // renders, so its HTML is in the page, not in a part only a script would show.
  test("the blog's page shows its overview: the blog's search box", async () => {
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    const response = await page.goto(`${server.baseUrl}/blog/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('searchbox', { name: 'Zoek in de blog' }).isVisible()).resolves.toBe(true);
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
