import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { StoreLocation } from '../../contract/store.ts';
import { nl, type MessageKey } from '../../src/lib/i18n/nl.ts';
import { STOCK_STATE_LABELS, stockState } from '../../domain/catalog/stock-state.ts';
import { isOpenAt, shopClock } from '../../domain/stores/opening-hours.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * The product page's size guide and store stock, and the store locator, on a phone (spec 001 §1, §2, §4): the size
 * table of the product opened from the size picker and closed with Escape and its close button; which stores hold the
 * chosen size, as the server's branch stock says; stores searched by postcode, nearest first in their country
 * group; a store page with its address, today's hours, phone and route links.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 40, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

/** What the page must show for the state of a quantity (spec 001 §4 stock states, in Dutch). */
const stateText = (qty: number) => nl[STOCK_STATE_LABELS[stockState({ is_in_stock: qty > 0, qty })] as MessageKey];

async function openProduct(page: Page, pick: ProductPick) {
  await page.goto(pick.url);
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
}

/** The page never scrolls sideways on the phone, with a modal open or not. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('product page on a phone', () => {
  test('the size guide shows this product’s sizes in every system, the chosen one marked; Escape and × close it', async () => {
    const pick = (await configurablePicks(server, 1))[0]!;
    const search = await api<{ items: { size_conversion: Record<string, Record<string, string>> }[] }>(
      server,
      'POST',
      '/api/catalog/nl/product/_search',
      { filter: { sku: pick.sku }, size: 1, includeFields: ['sku', 'size_conversion'] },
    );
    const conversion = search.body.result.items[0]!.size_conversion;
    const { context, page } = await openPage(browser);
    await openProduct(page, pick);

    await page.getByRole('button', { name: 'Maattabel' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Maattabel' });
    await dialog.waitFor({ timeout: 10_000 });
    // The table's code loads with the first open (src/ui/lazy-panel.tsx).
    await dialog.locator('tbody tr').first().waitFor();
    expect(await dialog.locator('thead th').allTextContents()).toEqual(['Onze maat', 'EU', 'UK', 'US', 'CM']);
    const rows = await dialog
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => c.textContent?.trim() ?? '')));
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(conversion).sort());
    for (const [size, eu, uk, us, cm] of rows) {
      expect([eu, uk, us, cm], size).toEqual(['eu', 'uk', 'us', 'cm'].map((s) => String(conversion[size!]![s])));
    }
    expect(await dialog.locator('tr[aria-current="true"] th').textContent()).toBe(pick.size);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(412);
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Maattabel' }).tap();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sluiten' }).tap();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  test('store stock lists every store with the state of the chosen size, the stores holding it first; offline it says it cannot', async () => {
    // A size with stock online (so it can be chosen) that some stores hold and others not.
    let chosen: { pick: ProductPick; rows: { name: string; qty: number }[] } | undefined;
    for (const pick of await configurablePicks(server, 1)) {
      const { rows } = await server.db.query<{ name: string; qty: number }>(
        `select s.name, coalesce(b.qty, 0)::int as qty from store_locations s
           left join branch_stock b on b.store_location_id = s.id
                and b.product_id = (select id from products where sku = $1)`,
        [pick.childSku],
      );
      if (rows.some((r) => r.qty > 0) && rows.some((r) => r.qty === 0)) {
        chosen = { pick, rows };
        break;
      }
    }
    expect(chosen, 'seed has a size some stores hold').toBeTruthy();
    const { pick, rows } = chosen!;
    const { context, page } = await openPage(browser);
    await openProduct(page, pick);

    await page.getByRole('button', { name: 'Bekijk voorraad in de winkels' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Voorraad in de winkels' });
    await dialog.getByText(`Maat ${pick.sizeText} per winkel`).waitFor({ timeout: 10_000 });
    const items = dialog.locator('.store-stock-list li');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(rows.length);
    const shown = await items.evaluateAll((lis) =>
      lis.map((li) => ({
        name: li.querySelector('a')?.textContent ?? '',
        state: li.querySelector('.stock')?.textContent,
      })),
    );
    const holding = rows.filter((r) => r.qty > 0);
    const outOfStock = nl['Out of stock'];
    expect(
      shown
        .filter((s) => s.state !== outOfStock)
        .map((s) => s.name)
        .sort(),
    ).toEqual(holding.map((r) => r.name).sort());
    for (const r of rows) expect(shown.find((s) => s.name === r.name)?.state, r.name).toBe(stateText(r.qty));
    // Those holding it come first.
    expect(shown.slice(0, holding.length).every((s) => s.state !== outOfStock)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Offline the stock cannot be read: the panel says so, and a retry online shows the stores again.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Bekijk voorraad in de winkels' }).tap();
    await dialog.getByText('De voorraad in de winkels kan niet worden geladen.', { exact: false }).waitFor();
    expect(await items.count()).toBe(0);
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Opnieuw proberen' }).tap();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(rows.length);
    await context.close();
  });
});

describe('store locator on a phone', () => {
  test('a postcode lists the stores nearest first in their country group; a place unknown says so', async () => {
    const expected = (await api<StoreLocation[]>(server, 'GET', `/api/stores?q=${encodeURIComponent('3511 AB')}`)).body
      .result;
    // Grouped by country, each group in the order of its nearest store.
    const countries = [...new Set(expected.map((s) => s.country_id))];
    const groupedOrder = countries.flatMap((c) => expected.filter((s) => s.country_id === c).map((s) => s.name));

    const { context, page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/winkels/`);
    const names = page.locator('.store-name');
    await expect.poll(() => names.count(), { timeout: 15_000 }).toBe(12);
    expect(await page.locator('.store-group h2').allTextContents()).toEqual(['Nederland', 'België']);
    const storeSearch = page.getByRole('search', { name: 'Vind een winkel' });

    await storeSearch.getByLabel('Postcode of plaats').fill('3511 AB');
    await storeSearch.getByRole('button', { name: 'Zoeken' }).tap();
    await page.getByRole('heading', { name: 'Winkels het dichtst bij 3511 AB' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => names.allTextContents()).toEqual(groupedOrder);
    expect(groupedOrder[0]).toBe('OFM Utrecht Oudegracht');
    const firstCard = page.locator('.store-card').first();
    expect(await firstCard.locator('.store-distance').textContent()).toMatch(/^\d+( m|,\d km| km)$/);
    const utrecht = expected[0]!;
    expect(await firstCard.locator('.store-open').textContent()).toBe(
      isOpenAt(utrecht.opening_hours, new Date()) ? 'Nu open' : 'Nu gesloten',
    );

    await storeSearch.getByLabel('Postcode of plaats').fill('Gent');
    await storeSearch.getByRole('button', { name: 'Zoeken' }).tap();
    await page.getByRole('heading', { name: 'Winkels het dichtst bij Gent' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('.store-group h2').allTextContents()).toEqual(['België', 'Nederland']);
    expect(await names.first().textContent()).toBe('OFM Gent Veldstraat');

    await storeSearch.getByLabel('Postcode of plaats').fill('Atlantis');
    await storeSearch.getByRole('button', { name: 'Zoeken' }).tap();
    await page.getByText('We konden de dichtstbijzijnde winkel niet vinden.').waitFor({ timeout: 10_000 });
    expect(await names.count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);
    await context.close();
  });

  test('a store page shows the full address, today marked in the opening hours, tel:, e-mail and route links', async () => {
    const store = (await api<StoreLocation>(server, 'GET', '/api/stores/ofm-utrecht-oudegracht')).body.result;
    const { context, page } = await openPage(browser);
    // From a search, kept in the URL, so back from the store page shows the same list.
    await page.goto(`${server.baseUrl}/winkels/?q=${encodeURIComponent('3511 AB')}`);
    await page.getByRole('heading', { name: 'Winkels het dichtst bij 3511 AB' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: /OFM Utrecht Oudegracht/ }).tap();
    await page.getByRole('heading', { level: 1, name: 'OFM Utrecht Oudegracht' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/w/winkels/ofm-utrecht-oudegracht');

    expect(await page.locator('.store-address').innerText()).toBe('Oudegracht 171\n3511 AJ Utrecht\nNederland');
    const today = page.locator('.store-hours tr[aria-current="date"]');
    expect(await today.count()).toBe(1);
    const { day } = shopClock(new Date());
    const hours = store.opening_hours.find((h) => h.day === day)!;
    expect(await today.locator('th').textContent()).toBe(`${day[0]!.toUpperCase()}${day.slice(1)} (Vandaag)`);
    expect(await today.locator('td').textContent()).toBe(hours.closed ? 'Gesloten' : `${hours.open} – ${hours.close}`);
    expect(await page.locator('.store-hours tr').count()).toBe(7);

    expect(await page.getByRole('link', { name: '030 123 4503' }).getAttribute('href')).toBe('tel:0301234503');
    expect(await page.getByRole('link', { name: 'utrecht@ofm-shop.nl' }).getAttribute('href')).toBe(
      'mailto:utrecht@ofm-shop.nl',
    );
    expect(await page.getByRole('link', { name: 'Plan je route' }).getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${store.lat},${store.lng}`,
    );
    for (const service of store.services) await page.locator('main').getByText(service, { exact: true }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);

    await page.goBack();
    await page.getByRole('heading', { name: 'Winkels het dichtst bij 3511 AB' }).waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Postcode of plaats').inputValue()).toBe('3511 AB');
    expect(await page.locator('.store-name').first().textContent()).toBe('OFM Utrecht Oudegracht');
    await context.close();
  });
});
