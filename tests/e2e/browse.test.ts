import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EARLY_TAP_HOOK } from '../../domain/app-start.ts';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium, openPage, serviceWorkerInControl } from './browser.ts';

/**
 * Browsing end to end (spec 000 §2, §5), in Debian's Chromium against the built app (dist/) served by the real server: browse, choose a
 * variant, dispatcher redirects and not-found, then offline from local data. Screenshots go to $E2E_SHOTS if set.
 */
interface Doc {
  sku: string;
  name: string;
  slug?: string;
  url_key?: string;
  url_path: string;
  color?: string;
  color_label?: string;
  category_ids: number[];
  product_links?: { link_type: string }[];
  configurable_children?: { sku: string; url_path: string; stock?: { is_in_stock: boolean } }[];
}

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let target: Doc;
let topCategory: { id: number; name: string; url_path: string };
let unvisited: Doc;

const shot = async (name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
};
const path = () => new URL(page.url()).pathname;

beforeAll(async () => {
  server = await startTestServer({ products: 60, staticDir: 'dist', images: true });
  const search = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 200,
  });
  const products = search.body.result.items;
  // A model with other colours and at least two sizes in stock, so both choices can be made.
  target = products.find(
    (p) =>
      p.product_links?.some((l) => l.link_type === 'colorrelation') &&
      (p.configurable_children ?? []).filter((c) => c.stock?.is_in_stock).length >= 2,
  )!;
  expect(target, 'seed has a configurable product with colour relations').toBeTruthy();
  const cats = await api<{ items: { id: number; name: string; url_path: string; level: number }[] }>(
    server,
    'POST',
    '/api/catalog/nl/category/_search',
    { filter: { id: { in: target.category_ids } }, size: 20 },
  );
  topCategory = cats.body.result.items.find((c) => c.level === 2)!;
  // Never seen on the device: outside the visited category and outside the home page's newest-products row, whose
  // documents the worker keeps for offline use.
  const newest = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    sort: 'updated_at:desc',
    size: 8,
  });
  const seen = new Set(newest.body.result.items.map((p) => p.sku));
  const home = await api<{ story: { content: { body: { skus?: string[] }[] } } }>(server, 'GET', '/api/cms/story/home');
  for (const block of home.body.result.story.content.body) for (const sku of block.skus ?? []) seen.add(sku);
  unvisited = products.find((p) => !p.category_ids.includes(topCategory.id) && !seen.has(p.sku))!;
  expect(unvisited, 'seed has a product outside the browsed category').toBeTruthy();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nl-NL' });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('browsing the shop', () => {
  test('home → category → filter and sort → product → size and colour (URL gains child sku) → back', async () => {
    await page.goto(server.baseUrl + '/');
    await expect.poll(() => page.locator('#side-menu a').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await shot('01-home');

    await page.locator('#side-menu').getByRole('link', { name: topCategory.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: topCategory.name }).waitFor();
    expect(path()).toBe(`/${topCategory.url_path}`);
    await page.locator('.product-grid .tile').first().waitFor();
    await shot('02-category');

    // Filter on the product's colour: the route query carries it.
    const colourFacet = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Kleur' }) });
    await colourFacet.getByLabel(target.color_label!, { exact: false }).first().check();
    await expect.poll(() => new URL(page.url()).searchParams.get('color')).toBe(String(target.color));

    await page.getByLabel('Sorteer op').selectOption('price_asc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
    // The URL changes before the listing renders for it: wait for the listing to say it is done, then for its prices.
    const shownPrices = async () => {
      if (await page.locator('.listing-results[aria-busy="true"]').count()) return 'busy';
      const prices = await page.locator('.product-grid .price-current').allInnerTexts();
      const cents = prices.map((p) => Number(p.replace(/[^\d,]/g, '').replace(',', '.')));
      return cents.every((c, i) => i === 0 || cents[i - 1] <= c) ? 'ascending' : cents.join(' ');
    };
    await expect.poll(shownPrices).toBe('ascending');
    await shot('03-filtered-sorted');

    const slug = target.slug ?? target.url_key;
    await page.locator(`a[href="/p/${target.sku}/${slug}"]`).first().click();
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    expect(path()).toBe(`/p/${target.sku}/${slug}`);
    await page.locator('.product-page img').first().waitFor();
    await shot('04-product');

    await page.locator('.size-option:not([disabled])').first().click();
    await expect.poll(path).toMatch(new RegExp(`^/p/${target.sku}/${slug}/${target.sku}-`));
    const childSku = decodeURIComponent(path().split('/')[4]);
    await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);

    // Another colour of the same model: a sibling configurable, keeping the chosen size when it has it.
    await page.locator('.colour-list a').first().click();
    await expect.poll(path).not.toContain(`/p/${target.sku}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('05-other-colour');

    await page.goBack();
    await expect.poll(path).toBe(`/p/${target.sku}/${slug}/${childSku}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await page.goBack();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: topCategory.name }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc');
  });

  test('on a phone 4× slower, two colours ticked one right after the other are both kept: ticked, in the URL, listed', async () => {
    const phone = await openPage(browser);
    try {
      await (await phone.context.newCDPSession(phone.page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await phone.page.goto(`${server.baseUrl}/${topCategory.url_path}`, { waitUntil: 'commit' });
      // The panel opens as soon as the button shows (an early tap is kept and done when the app runs).
      await phone.page.getByRole('button', { name: 'Filter' }).tap();
      const colours = phone.page
        .locator('fieldset.facet', { has: phone.page.locator('legend', { hasText: 'Kleur' }) })
        .locator('label.facet-option');
      const options = await Promise.all(
        [0, 1].map(async (i) => {
          const text = await colours.nth(i).innerText();
          return { label: colours.nth(i), count: Number(/\((\d+)\)/.exec(text)![1]) };
        }),
      );
      // From here on, looked at in every frame just before its paint until the app has done both: a box once shown
      // ticked is never drawn unticked again (React, rendering what the "Filter" tap's replay started, sets a box to
      // the app's state, which knows of a tick the keeper holds only from its replay).
      await phone.page.evaluate(() => {
        const shown = { frames: 0, untickedAgain: 0 };
        Object.assign(window, { shown });
        const ticked = new Set<number>();
        const look = () => {
          shown.frames += 1;
          const colour = [...document.querySelectorAll('fieldset.facet')].find(
            (set) => set.querySelector('legend')?.textContent === 'Kleur',
          );
          const boxes = [...(colour?.querySelectorAll<HTMLInputElement>('label.facet-option input') ?? [])];
          boxes.slice(0, 2).forEach((box, i) => {
            if (box.checked) ticked.add(i);
            else if (ticked.has(i)) shown.untickedAgain += 1;
          });
          // registered from a task after the frame: the next frame runs it after the callbacks registered in this one
          setTimeout(() => requestAnimationFrame(look), 0);
        };
        requestAnimationFrame(look);
      });
      // Each shows ticked when the tap is done, not only when the router has moved to it: from the app's handler, or,
      // when the tap came while the app still replayed the early "Filter" tap, from the early-input keeper.
      for (const option of options) {
        await option.label.tap();
        const kept = await phone.page.evaluate((hook) => {
          const take = (window as unknown as Record<string, () => { released: boolean; queue: unknown[] }>)[hook];
          return { released: take().released, waiting: take().queue.length };
        }, EARLY_TAP_HOOK);
        await expect
          .poll(() => option.label.locator('input').isChecked(), {
            timeout: 500,
            message: `ticked after the tap (the early-input keeper then: ${JSON.stringify(kept)})`,
          })
          .toBe(true);
      }
      await expect.poll(() => new URL(phone.page.url()).searchParams.get('color')?.split(',').length).toBe(2);
      for (const option of options) expect(await option.label.locator('input').isChecked()).toBe(true);
      const shown = await phone.page.evaluate(
        () => (window as unknown as { shown: { frames: number; untickedAgain: number } }).shown,
      );
      expect(shown.frames).toBeGreaterThan(5);
      expect(shown, 'frames drawn with a ticked box unticked again').toMatchObject({ untickedAgain: 0 });
      // a product has one colour: the listing of either colour holds as many as the two facets counted
      await phone.page.waitForFunction(() => !document.querySelector('.listing-results[aria-busy="true"]'));
      await phone.page
        .locator('.listing-count', { hasText: `${options[0].count + options[1].count} producten` })
        .waitFor();
      // the open filter panel with its ticks fits the phone: nothing to scroll sideways
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    } finally {
      await phone.context.close();
    }
  });

  test('a deep link to a child URL redirects to the parent product', async () => {
    const child = target.configurable_children![0];
    await page.goto(`${server.baseUrl}/${child.url_path}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    expect(path()).toBe(`/${target.url_path}`);
  });

  test('an unknown path shows the not-found page', async () => {
    await page.goto(`${server.baseUrl}/dit-bestaat-echt-niet-123`);
    await page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor();
    await shot('06-not-found');
  });

  test('offline: a visited product and category render from local data with the offline badge; an unvisited product says it is unavailable offline', async () => {
    const slug = target.slug ?? target.url_key;
    const productUrl = `${server.baseUrl}/p/${target.sku}/${slug}`;
    await page.goto(productUrl);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    // The service worker must control the page before the network goes away.
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await page.getByText('Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.').waitFor();
    await shot('07-offline-product');

    await page.goto(`${server.baseUrl}/${topCategory.url_path}`);
    await page.getByRole('heading', { level: 1, name: topCategory.name }).waitFor();
    await page.locator('.product-grid .tile').first().waitFor();
    await page.getByText('Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.').waitFor();
    await shot('08-offline-category');

    await page.goto(`${server.baseUrl}/p/${unvisited.sku}/${unvisited.slug ?? unvisited.url_key}`);
    await page.getByRole('heading', { level: 1, name: 'Deze pagina is offline niet beschikbaar' }).waitFor();
    await shot('09-offline-unvisited');
    await context.setOffline(false);
  });

  test('text search from the header lists products; /catalogsearch/result takes a strict trailing slash and 3+ characters', async () => {
    await page.goto(`${server.baseUrl}/`);
    // the header's field is the autocomplete's combobox; Enter without a chosen suggestion searches what is typed
    const field = page.getByRole('combobox', { name: 'Zoek in de winkel' });
    await field.fill('jeans');
    await field.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Zoekresultaten voor ‘jeans’' }).waitFor();
    expect(path()).toBe('/catalogsearch/result/');
    await page.locator('.product-grid .tile').first().waitFor();

    await page.goto(`${server.baseUrl}/catalogsearch/result?q=ab`);
    await page.getByText('Typ minimaal 3 tekens om te zoeken.').waitFor();
    expect(path()).toBe('/catalogsearch/result/');
  });
});
