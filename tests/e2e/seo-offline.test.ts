import type { Browser } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, pageStored, useShopInChromium, serviceWorkerInControl } from './browser.ts';
import { firstProductPage } from './product-picks.ts';

/**
 * The service worker's navigations (docs/seo.md): network first, and offline the page's own HTML as the
 * server sent it (its head tags included), so a product page visited before opens after a reload without a network.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 12, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

describe('a visited page offline', () => {
  test('a product page visited before renders after an offline reload, from its stored HTML with its head tags', async () => {
    const product = await firstProductPage(server);
    const { url } = product;
    const { context, page } = await openPage(browser);
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
    await serviceWorkerInControl(page);
    // The first load came before the service worker; the next one goes through it and stores the page.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
    await pageStored(page, url);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
    // The page's own HTML, not the bare shell: the canonical link the server put in its head.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
    await expect.poll(() => page.locator('.product-page, main').first().innerText()).toContain('€');
    await context.close();
  });
});
