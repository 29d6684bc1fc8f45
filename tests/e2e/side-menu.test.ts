import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { useAppInChromium } from './browser.ts';

/**
 * The side menu on a 412 px phone (spec 001 §4): it lies above its overlay, and a top category with children opens
 * a submenu whose subcategories lead to their category pages.
 */
let server: TestServer;
let browser: Browser;

useAppInChromium({ products: 20, staticDir: 'dist' }, (app) => ({ server, browser } = app));

interface Cat {
  id: number;
  name: string;
  url_path: string;
}
const categories = async (filter: object) =>
  (await api<{ items: Cat[] }>(server, 'POST', '/api/catalog/nl/category/_search', { filter, size: 50 })).body.result
    .items;

test('menu → Overhemden → its submenu → a subcategory page', async () => {
  const shirts = (await categories({ parent_id: 2 })).find((c) => c.name === 'Overhemden')!;
  const subcategory = (await categories({ parent_id: shirts.id }))[0]!;
  expect(subcategory, 'seed has subcategories of Overhemden').toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('button', { name: 'Menu' }).tap();
  const menu = page.locator('#side-menu');

  // A tap the overlay intercepted would fail here: Playwright taps only what is on top at that point.
  await menu.getByRole('button', { name: 'Overhemden', exact: true }).tap();
  const submenu = page.getByRole('group', { name: 'Overhemden' });
  await expect.poll(() => submenu.getByRole('link', { name: 'Alle Overhemden' }).isVisible()).toBe(true);
  await submenu.getByRole('link', { name: subcategory.name, exact: true }).tap();

  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === `/${subcategory.url_path}`, { timeout: 15_000 });
  await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe(subcategory.name);
  // The menu closed with the navigation, and so did its overlay.
  await expect.poll(() => page.locator('.overlay').count()).toBe(0);
  await context.close();
});
