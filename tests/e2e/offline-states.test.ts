import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium, serviceWorkerInControl } from './browser.ts';

/**
 * Offline states that tell the truth (issue 23, spec 001 §8) on a 412 px phone with the CPU 4× slower: a search offline says it needs a
 * connection instead of "no products", and searches again when the connection returns; a category opened offline
 * stays that category when the connection returns.
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
});
