import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, PHONE, useShopInChromium } from './browser.ts';

/**
 * The first paint of a server-rendered page on a phone (docs/benchmarks.md budgets, Lighthouse's layout shift): what the
 * server's HTML shows stays where it is while the app hydrates and the worker and the CMS answer — the consent
 * banner is in the HTML where a choice is due, the category tabs and the selling points hold their place.
 */
let server: TestServer;
let browser: Browser;
let productPath: string;

useShopInChromium({ products: 20, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  const found = await api<{ items: { url_path: string }[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable' },
    size: 1,
  });
  productPath = `/${found.body.result.items[0].url_path}`;
});

/** Records every layout shift of the page from its first paint on. */
const RECORD_SHIFTS = `window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push(entry.value);
}).observe({ type: 'layout-shift', buffered: true });`;

/** Opens a path and waits until the late parts are in: the category tabs and the selling points with their links. */
async function openAndSettle(page: Page, path: string): Promise<number[]> {
  await page.goto(server.baseUrl + path);
  await page.locator('.tabbed-nav a').first().waitFor();
  await page.locator('.selling-points a').first().waitFor();
  return page.evaluate<number[]>('window.__shifts');
}

describe('a server-rendered page does not move while the app takes over', () => {
  test('first visit: the consent banner shows from the HTML, and nothing shifts on home and product page', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await context.addInitScript(RECORD_SHIFTS);
    for (const path of ['/', productPath]) {
      // the server's HTML alone, before any script of the app ran
      const html = await (await fetch(server.baseUrl + path)).text();
      expect(html).toContain('consent-banner consent-banner-unknown');
      expect(await openAndSettle(page, path)).toEqual([]);
      await expect(page.locator('.consent-banner').isVisible()).resolves.toBe(true);
    }
    await context.close();
  });

  test('after a choice the banner is not painted at all, and nothing shifts', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await context.addInitScript(RECORD_SHIFTS);
    await page.goto(server.baseUrl + '/');
    await page.getByRole('button', { name: 'Weigeren' }).click();
    // a tap before hydration is kept and done when the app runs (docs/server-rendering.md): the banner goes then
    await page.locator('.consent-banner').waitFor({ state: 'detached' });
    // the next page: the server's banner stays hidden from the first paint and leaves after hydration
    await context.addInitScript(`new MutationObserver(() => {
      const banner = document.querySelector('.consent-banner');
      if (banner && banner.getBoundingClientRect().height > 0) window.__bannerPainted = true;
    }).observe(document, { childList: true, subtree: true });`);
    expect(await openAndSettle(page, productPath)).toEqual([]);
    await expect(page.evaluate('window.__bannerPainted === true')).resolves.toBe(false);
    await expect(page.locator('.consent-banner').count()).resolves.toBe(0);
    await context.close();
  });
});
