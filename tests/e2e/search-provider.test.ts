import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type Doc, type TestServer } from '../support/test-server.ts';
import { openPage } from './browser.ts';
import { useShopWithPicks, type ProductPick } from './product-picks.ts';

/**
 * The search provider's storefront side on a phone (spec 001 §7): a landing page through the dispatcher, the
 * header's autocomplete with the keyboard (and offline over a query typed before), the results page with a facet and
 * a sort, and a recommendation added to the cart.
 */
let server: TestServer;
let browser: Browser;
let picks: ProductPick[];

useShopWithPicks({ products: 60, staticDir: 'dist' }, { minQty: 1, atLeast: 1 }, (shop) => {
  ({ server, browser, picks } = shop);
});

async function phone(): Promise<Page> {
  return (await openPage(browser)).page;
}

const tileNames = (page: Page) =>
  page.$$eval('.listing-results .tile-name', (names) => names.map((n) => n.textContent?.trim() ?? ''));

/** Waits until the listing's count line says `count` ("1 product", "{count} producten"). */
const listingCountIs = (page: Page, count: number) =>
  expect.poll(() => page.locator('.listing-count').innerText()).toBe(count === 1 ? '1 product' : `${count} producten`);

describe('search provider on a phone', () => {
  test('a landing page resolves through the dispatcher with its heading, text, products and facets', async () => {
    const page = await phone();
    const answer = await api<Doc>(server, 'GET', '/api/search-provider/landing-page?url_path=l/elevate/nieuw-binnen');
    const list = answer.body.result.primaryList;
    await page.goto(`${server.baseUrl}/l/elevate/nieuw-binnen/`);
    await page.getByRole('heading', { level: 1, name: 'Nieuw binnen' }).waitFor({ timeout: 20_000 });
    await page.getByText('De nieuwste items van deze week.').waitFor();
    await expect.poll(() => tileNames(page)).toEqual(list.productGroups.map((g: Doc) => g.products[0].name));
    expect(list.productGroups.length).toBe(Math.min(24, list.totalHits));
    await listingCountIs(page, list.totalHits);

    // a facet of the page narrows it to what the provider counts for that option
    const colour = list.facets.find((f: Doc) => f.id === 'color');
    const option = colour.values.find((v: Doc) => v.count < list.totalHits) ?? colour.values[0];
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('.facet').filter({ hasText: colour.label }).getByLabel(option.label).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('color')).toBe(option.id);
    await listingCountIs(page, option.count);
  }, 90_000);

  test('autocomplete: typed, chosen with the arrows and Enter, closed with Escape, and offline from the cache', async () => {
    const page = await phone();
    await page.goto(`${server.baseUrl}/`);
    const box = page.getByRole('combobox', { name: 'Zoek in de winkel' });
    await box.fill('overhmd');
    const listbox = page.getByRole('listbox', { name: 'Zoeksuggesties' });
    await listbox.getByRole('option').first().waitFor({ timeout: 15_000 });
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const options = await listbox.getByRole('option').allInnerTexts();
    // the misspelling is corrected in the first phrase
    expect(options[0]).toMatch(/^overhemd/);

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = listbox.getByRole('option').nth(1);
    expect(await box.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    expect(await second.getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowUp');
    const first = listbox.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/catalogsearch/result/' && url.searchParams.get('q') === options[0],
    );
    await page.getByRole('heading', { level: 1, name: `Zoekresultaten voor ‘${options[0]}’` }).waitFor();

    await box.fill('overhmd');
    await listbox.getByRole('option').first().waitFor();
    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await listbox.isHidden()).toBe(true);

    // offline: the same words are answered from the device's cache
    await page.context().setOffline(true);
    await box.fill('');
    await box.fill('overhmd');
    await page.getByText('Suggesties van je vorige zoekopdracht (offline)').waitFor({ timeout: 15_000 });
    expect(await listbox.getByRole('option').allInnerTexts()).toEqual(options);
    await page.context().setOffline(false);
  }, 90_000);

  test('the results page narrows by a facet and sorts by price, as the catalogue search does', async () => {
    const page = await phone();
    await page.goto(`${server.baseUrl}/catalogsearch/result/?q=overhemd`);
    await page.locator('.listing-results .tile').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Filter' }).click();
    const colour = page.locator('.facet').filter({ has: page.locator('legend', { hasText: 'Kleur' }) });
    const option = colour.locator('input[type=checkbox]').first();
    await option.check();
    await expect.poll(() => new URL(page.url()).searchParams.get('color')).not.toBeNull();
    const value = new URL(page.url()).searchParams.get('color')!;
    await page.getByRole('combobox', { name: 'Sorteer op' }).selectOption('price_asc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price_asc');

    const expected = await api<Doc>(server, 'POST', '/api/catalog/nl/product/_search', {
      text: 'overhemd',
      filter: { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] }, color: { in: [value] } },
      sort: 'final_price:asc',
      size: 24,
    });
    const result = expected.body.result;
    expect(result.total).toBeGreaterThan(0);
    await expect.poll(() => tileNames(page)).toEqual(result.items.map((p: Doc) => p.name));
    await listingCountIs(page, result.total);
  }, 90_000);

  test('a recommendation on the product page goes into the cart, and the server cart has it', async () => {
    const page = await phone();
    const pick = picks[0]!;
    const before = (await server.db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from carts')).rows[0]!
      .n;
    await page.goto(pick.parentUrl);
    const section = page.locator('section.recommendations[data-algorithm="STYLE_WITH"]');
    await section.getByRole('heading', { name: 'Combineer met' }).waitFor({ timeout: 20_000 });
    const tiles = section.locator('.recommendation-tile');
    expect(await tiles.count()).toBeGreaterThan(0);
    expect(await tiles.count()).toBeLessThanOrEqual(8);
    const tile = tiles.first();
    const parentSku = (await tile.getAttribute('data-sku'))!;
    await tile.getByRole('button', { name: 'toevoegen aan je winkelwagen' }).click();
    const sizes = tile.locator('.tile-sizes button');
    // a product with sizes asks for one first, once its document is loaded (isVisible would not wait for that)
    if (
      await sizes
        .first()
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false)
    )
      await sizes.first().click();
    await expect
      .poll(() => page.getByTestId('cart-count').locator('[aria-hidden="true"]').innerText(), { timeout: 15_000 })
      .toBe('1');

    // the rows scroll inside themselves, never the phone's page
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

    const inServerCart = async () => {
      const { rows } = await server.db.query<{ parent: string }>(
        `select coalesce(parent.sku, p.sku) as parent
           from cart_items ci join carts c on c.id = ci.cart_id
           join products p on p.sku = ci.sku left join products parent on parent.id = p.parent_id
          where c.id > $1 and c.customer_id is null`,
        [before],
      );
      return rows.map((r) => r.parent);
    };
    await expect.poll(inServerCart, { timeout: 20_000 }).toEqual([parentSku]);

    // the provider heard of it once, with the tile's ticket
    const told = async () =>
      (
        await server.db.query<{ n: number }>(
          `select count(*)::int as n from analytics_events where type = 'search-provider:add-to-cart'
             and payload->>'ticket' = $1`,
          [`STYLE_WITH:${parentSku}`],
        )
      ).rows[0]!.n;
    await expect.poll(told, { timeout: 20_000 }).toBe(1);

    // and so does the cart page
    await page.goto(`${server.baseUrl}/winkelwagen/`);
    await page
      .locator('section.recommendations[data-algorithm="ADD_TO_CART_RECS"]')
      .getByRole('heading', { name: 'Maak je look compleet' })
      .waitFor({ timeout: 20_000 });
  }, 90_000);
});
