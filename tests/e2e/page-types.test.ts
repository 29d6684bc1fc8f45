import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api } from '../support/test-server.ts';
import { openPage } from './browser.ts';
import { acceptConsent, recordDataLayer, type DataLayerEntry } from './data-layer.ts';
import { addFirstToCart, useShopWithPicks, type ShopWithPicks } from './product-picks.ts';

/**
 * Page-type groups (spec 000 §2, domain/page-types.ts) on a phone: the group of the page decides the shell (the
 * checkout's minimal layout has no menu, highlight bar or footer columns; the cart keeps them) and the page_view the
 * analytics receive (its group and the group's page type), for the home, a category, a product, the cart and the
 * checkout. What is pushed into `window.dataLayer` is recorded by tests/e2e/data-layer.ts.
 */

let shop: ShopWithPicks;
let category: { name: string; url_path: string };

useShopWithPicks(
  { products: 40, staticDir: 'dist', analytics: { tagManagerId: 'GTM-TEST02', ga4: true } },
  { minQty: 3, atLeast: 1 },
  async (started) => {
    shop = started;
    const cats = await api<{ items: { name: string; url_path: string; level: number }[] }>(
      shop.server,
      'POST',
      '/api/catalog/nl/category/_search',
      { filter: { level: 2 }, size: 1 },
    );
    category = cats.body.result.items[0]!;
    expect(category, 'the seed has a top category').toBeTruthy();
  },
);

/** A phone whose every page's `window.dataLayer` pushes are recorded; `views` are the page_view entries among them. */
async function recordingPhone(): Promise<{ page: Page; views: () => DataLayerEntry[]; close: () => Promise<void> }> {
  const { context, page } = await openPage(shop.browser);
  const pushes = await recordDataLayer(context);
  return { page, views: () => pushes.filter((p) => p.event === 'page_view'), close: () => context.close() };
}

const menuButton = (page: Page) => page.locator('.site-header').getByRole('button', { name: 'Menu' });

test('the checkout hides the menu, the highlight bar and the footer columns; the cart keeps its menu', async () => {
  const { page, close } = await recordingPhone();
  try {
    await addFirstToCart(page, shop.picks[0]!);
    await page.goto(`${shop.server.baseUrl}/winkelwagen/`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor({ timeout: 15_000 });
    await menuButton(page).waitFor();
    expect(await page.locator('main').getAttribute('data-page-group')).toBe('cart');

    await page.goto(`${shop.server.baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('main').getAttribute('data-page-group')).toBe('checkout');
    expect(await menuButton(page).count()).toBe(0);
    expect(await page.locator('.highlight-bar').count()).toBe(0);
    await page.locator('.site-footer').waitFor({ timeout: 10_000 });
    expect(await page.locator('.site-footer .footer-columns').count()).toBe(0);
    // the logo still leads home
    await page.locator('header.site-header').getByRole('link', { name: 'OFM Herenmode', exact: true }).waitFor();
  } finally {
    await close();
  }
});

test("each page's page_view carries its page-type group and the group's analytics page type", async () => {
  const { page, views, close } = await recordingPhone();
  try {
    await acceptConsent(page, shop.server.baseUrl);

    // a category reached by its url_path goes through the URL dispatcher: its group is known once resolved
    await page.goto(`${shop.server.baseUrl}/${category.url_path}`);
    await page.getByRole('heading', { level: 1, name: category.name }).waitFor({ timeout: 15_000 });
    await addFirstToCart(page, shop.picks[0]!);
    await page.goto(`${shop.server.baseUrl}/winkelwagen/`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor({ timeout: 15_000 });
    await page.goto(`${shop.server.baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 15_000 });
    // the checkout's logo leads home again, inside the app
    await page.locator('header.site-header').getByRole('link', { name: 'OFM Herenmode', exact: true }).click();
    await expect.poll(() => page.locator('main').getAttribute('data-page-group'), { timeout: 10_000 }).toBe('home');

    const productPath = new URL(shop.picks[0]!.url).pathname;
    const seen = () =>
      views().map((v) => ({
        group: v.page_group,
        type: v.page_type,
        path: String(v.page_path).replace(/(.)\/$/, '$1'),
      }));
    const home = { group: 'home', type: 'Home', path: '/' };
    await expect.poll(() => seen().at(-1), { timeout: 10_000 }).toEqual(home);
    // the first home view (before the consent was given) may or may not have been sent; the rest is the journey's
    expect(seen().filter((v, i) => i > 0 || v.path !== '/')).toEqual([
      { group: 'category', type: 'ProductOverview', path: `/${category.url_path}`.replace(/\/$/, '') },
      { group: 'product', type: 'ProductDetail', path: productPath },
      { group: 'cart', type: 'Cart', path: '/winkelwagen' },
      { group: 'checkout', type: 'Checkout', path: '/checkout' },
      home,
    ]);
  } finally {
    await close();
  }
});

test('a path naming the other store is no page of this one: /be/home in the NL shop is not found', async () => {
  const { page, close } = await recordingPhone();
  try {
    // the BE home story is be/home; the NL shop (the default on this store-less host) does not show it by path
    const response = await page.goto(`${shop.server.baseUrl}/be/home`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText('nu ook in België').count()).toBe(0);
  } finally {
    await close();
  }
});
