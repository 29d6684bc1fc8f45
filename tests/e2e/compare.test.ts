import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, serviceWorkerInControl } from './browser.ts';
import { useShopWithPicks, type ProductPick } from './product-picks.ts';

/**
 * The compare list on a phone (spec 000 §1 compare, page type "compare"): products put on the list from their tiles
 * and from the product page, a fifth refused, the compare page showing them side by side in a table that scrolls
 * sideways by itself (the page never does), and the same page after a reload offline.
 */
let server: TestServer;
let browser: Browser;
let picks: ProductPick[];

useShopWithPicks({ products: 40, staticDir: 'dist' }, { minQty: 1, atLeast: 5 }, (shop) => {
  ({ server, browser, picks } = shop);
});

/** The toggle's name starts with its visible label (WCAG 2.5.3); whether it is on is its pressed state. */
const toggleName = (pick: ProductPick, _on: boolean) => `Vergelijk ${pick.name}`;

async function compareFromTile(page: Page, pick: ProductPick) {
  await page.goto(`${server.baseUrl}/catalogsearch/result/?q=${encodeURIComponent(pick.name)}`);
  const tile = page.locator('.tile').filter({ hasText: pick.name }).first();
  await tile.getByRole('button', { name: toggleName(pick, false), exact: true }).click({ timeout: 15_000 });
  await expect
    .poll(() => tile.getByRole('button', { name: toggleName(pick, true) }).getAttribute('aria-pressed'))
    .toBe('true');
}

async function openProduct(page: Page, pick: ProductPick) {
  await page.goto(pick.parentUrl);
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
}

const productToggle = (page: Page, pick: ProductPick, on: boolean) =>
  page.locator('.product-info').getByRole('button', { name: toggleName(pick, on), exact: true });

/** The compare page's column headings, left to right, with where they sit. */
async function columns(page: Page) {
  return page.$$eval('.compare-table thead th', (cells) =>
    cells.map((th) => ({
      name: th.querySelector('.compare-product-name')?.textContent?.trim() ?? '',
      top: Math.round(th.getBoundingClientRect().top),
      left: Math.round(th.getBoundingClientRect().left),
    })),
  );
}

/** A row of the table by its heading: the cells' texts. */
const row = (page: Page, heading: string) =>
  page.$$eval(
    '.compare-table tbody tr',
    (rows, wanted) => {
      const tr = rows.find((r) => r.querySelector('th')?.textContent?.trim() === wanted);
      return tr ? Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '') : [];
    },
    heading,
  );

describe('compare list on a phone', () => {
  test('four products from tiles and product pages, a fifth refused, side by side, and offline after a reload', async () => {
    const [a, b, c, d, e] = picks as [ProductPick, ProductPick, ProductPick, ProductPick, ProductPick];
    const { context, page } = await openPage(browser);

    await compareFromTile(page, a);
    await compareFromTile(page, b);
    for (const pick of [c, d]) {
      await openProduct(page, pick);
      await productToggle(page, pick, false).click();
      await expect.poll(() => productToggle(page, pick, true).getAttribute('aria-pressed')).toBe('true');
    }
    await openProduct(page, e);
    await productToggle(page, e, false).click();
    await page
      .getByText('Je kunt maximaal 4 producten vergelijken. Verwijder er eerst een.')
      .waitFor({ timeout: 10_000 });
    expect(await productToggle(page, e, false).getAttribute('aria-pressed')).toBe('false');

    // the phone's menu leads to the compare page
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Vergelijken (4)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Producten vergelijken' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await columns(page)).map((col) => col.name))
      .toEqual([a, b, c, d].map((p) => p.name));
    const shown = await columns(page);
    // side by side: one line of headings, each to the right of the one before
    expect(new Set(shown.map((col) => col.top)).size).toBe(1);
    shown.slice(1).forEach((col, i) => expect(col.left).toBeGreaterThan(shown[i].left));
    expect((await row(page, 'Materiaal')).every((text) => text !== '' && !/^\d+$/.test(text))).toBe(true);
    expect(await row(page, 'Beschikbare maten')).toHaveLength(4);

    // the table scrolls inside its box; the page itself never scrolls sideways
    const widths = await page.evaluate(() => {
      const box = document.querySelector('.compare-scroll')!;
      return { page: document.documentElement.scrollWidth, box: box.scrollWidth, boxVisible: box.clientWidth };
    });
    expect(widths.page).toBeLessThanOrEqual(412);
    expect(widths.box).toBeGreaterThan(widths.boxVisible);

    const materials = await row(page, 'Materiaal');
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Producten vergelijken' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await columns(page)).map((col) => col.name))
      .toEqual([a, b, c, d].map((p) => p.name));
    expect(await row(page, 'Materiaal')).toEqual(materials);

    // removing one there frees a place
    await page.getByRole('button', { name: `Verwijderen ${a.name} uit je vergelijking` }).click();
    await expect.poll(async () => (await columns(page)).map((col) => col.name)).toEqual([b, c, d].map((p) => p.name));
    await context.close();
  });
});
