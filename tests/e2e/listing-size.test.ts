import type { Browser } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';

/**
 * Spec 000 §9 listing size: a category page holds 50 products and the next page the rest, on a phone with the CPU 4×
 * slower. The seed's fullest category is used (400 products give it more than 50), so a page size other than 50 (the
 * old 24, or all at once) fails.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 400, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

describe('listing size (spec 000 §9)', () => {
  test('a category of more than 50 products shows 50, and the next page the rest', async () => {
    const listed = await api<{ items: { category_ids?: number[] }[] }>(
      server,
      'POST',
      '/api/catalog/nl/product/_search',
      {
        filter: { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } },
        size: 500,
      },
    );
    const counts = new Map<number, number>();
    for (const p of listed.body.result.items)
      for (const id of p.category_ids ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    const categories = await api<{ items: { id: number; url_path?: string; level: number }[] }>(
      server,
      'POST',
      '/api/catalog/nl/category/_search',
      { size: 500 },
    );
    const fullest = categories.body.result.items
      .filter((c) => c.url_path && c.level >= 2)
      .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))[0]!;

    const { context, page } = await openPage(browser);
    // Lighthouse's mobile CPU, four times slower; the next page is tapped the moment its button shows
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await page.goto(`${server.baseUrl}/${fullest.url_path}`);
      await page.locator('.product-grid .tile').first().waitFor();
      const total = Number((await page.locator('.listing-count').innerText()).replace(/\D/g, ''));
      expect(total, 'the seed fills more than one page of this category').toBeGreaterThan(50);
      expect(await page.locator('.product-grid .tile').count()).toBe(50);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

      await page.getByRole('button', { name: 'Volgende pagina' }).tap();
      await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
      await expect.poll(() => page.locator('.product-grid .tile').count()).toBe(Math.min(50, total - 50));
    } finally {
      await context.close();
    }
  });
});
