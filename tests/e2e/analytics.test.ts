import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { logInAs, openPage, useShopInChromium, type ShopInChromium, serviceWorkerInControl } from './browser.ts';
import * as checkoutForm from './checkout-form.ts';
import { acceptConsent, recordDataLayer, type DataLayerEntry } from './data-layer.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * Analytics with consent (spec 001 §5; Dutch law: no analytics before consent), on a phone against the server with a
 * tag-manager id and the GA4 flag set: a refusal pushes nothing, an acceptance pushes the events of a browse, add,
 * checkout and order journey in order, the purchase with the server's number and charged total. The tag script
 * points at nothing here: the test records what is pushed into `window.dataLayer`, on every page the journey loads.
 */

const TAG_MANAGER_ID = 'GTM-TEST01';
/** The events of the journey, in the order a shopper raises them (page_view and the tag manager's own left out). */
const JOURNEY_EVENTS = new Set([
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
]);

let shop: ShopInChromium;
let server: TestServer;
let picks: ProductPick[];
let category: { id: number; name: string; url_path: string };

useShopInChromium(
  { products: 60, staticDir: 'dist', analytics: { tagManagerId: TAG_MANAGER_ID, ga4: true } },
  async (started) => {
    shop = started;
    server = started.server;
    picks = await configurablePicks(server, 3);
    const product = await api<{ items: { category_ids: number[] }[] }>(
      server,
      'POST',
      '/api/catalog/nl/product/_search',
      {
        filter: { sku: picks[0]!.sku },
        size: 1,
      },
    );
    const cats = await api<{ items: { id: number; name: string; url_path: string; level: number }[] }>(
      server,
      'POST',
      '/api/catalog/nl/category/_search',
      { filter: { id: { in: product.body.result.items[0]!.category_ids } }, size: 20 },
    );
    category = cats.body.result.items.find((c) => c.level === 2)!;
    expect(category, 'the seed files the product under a top category').toBeTruthy();
  },
);

interface RecordingPhone {
  context: BrowserContext;
  page: Page;
  pushes: DataLayerEntry[];
}

/** A phone whose every page's `window.dataLayer` pushes are recorded, across the page loads of the payment. */
async function recordingPhone(): Promise<RecordingPhone> {
  const { context, page } = await openPage(shop.browser);
  return { context, page, pushes: await recordDataLayer(context) };
}

/** One journey on a fresh recording phone, closed afterwards whatever the journey's outcome. */
async function onRecordingPhone(journey: (phone: RecordingPhone) => Promise<void>): Promise<void> {
  const phone = await recordingPhone();
  try {
    await journey(phone);
  } finally {
    await phone.context.close();
  }
}

const journeyOf = (pushes: DataLayerEntry[]) => pushes.filter((p) => p.event && JOURNEY_EVENTS.has(p.event));

/** The category on a phone, then a tile of a product with sizes in stock; answers the pick and its position. */
async function browseToProduct(page: Page): Promise<{ pick: ProductPick; position: number }> {
  await page.goto(`${server.baseUrl}/${category.url_path}`);
  await page.getByRole('heading', { level: 1, name: category.name }).waitFor({ timeout: 15_000 });
  await page.locator('.product-grid .tile').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('.listing-results[aria-busy="true"]'));
  // read until the grid holds a pick: the hydrating page may redraw the grid while the worker's answer arrives
  let hrefs: (string | null)[] = [];
  const pickIndex = async () => {
    hrefs = await page
      .locator('.product-grid a.tile-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    return hrefs.findIndex((href) => picks.some((p) => new URL(p.parentUrl).pathname === href));
  };
  await expect
    .poll(pickIndex, { timeout: 15_000, message: 'a product with a size in stock is on the first page' })
    .toBeGreaterThanOrEqual(0);
  const index = await pickIndex();
  const pick = picks.find((p) => new URL(p.parentUrl).pathname === hrefs[index])!;
  await page.locator('.product-grid a.tile-link').nth(index).click();
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
  return { pick, position: index + 1 };
}

/** The first size in stock, then "In winkelwagen"; answers the chosen child's sku (from the product URL). */
async function addFirstSize(page: Page): Promise<string> {
  await page.locator('.size-option:not([disabled])').first().click();
  await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
  // the size shows chosen in the tap's frame; its page (the child's address) follows after that frame
  const childOfUrl = () => decodeURIComponent(new URL(page.url()).pathname.split('/')[4] ?? '');
  await expect.poll(childOfUrl).not.toBe('');
  const childSku = childOfUrl();
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain('1');
  return childSku;
}

describe('analytics with consent on a phone', () => {
  test('refused: no dataLayer, no tag script and no pushes after browsing and adding to cart; the footer changes the choice', async () => {
    await onRecordingPhone(async ({ page, pushes }) => {
      await page.goto(`${server.baseUrl}/`);
      const banner = page.getByRole('region', { name: 'Cookie-instellingen' });
      await banner.getByRole('button', { name: 'Weigeren' }).click();
      await banner.waitFor({ state: 'detached' });

      await browseToProduct(page);
      await addFirstSize(page);
      // the choice is remembered: a new page load asks nothing
      await page.goto(`${server.baseUrl}/winkelwagen`);
      await page.locator('.cart-line').first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('region', { name: 'Cookie-instellingen' }).count()).toBe(0);

      expect(pushes).toEqual([]);
      expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
      expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);

      // the footer's "Cookie-instellingen" changes the choice: from then on the shop's pages are measured
      await page.locator('footer').getByRole('button', { name: 'Cookie-instellingen' }).click();
      await page
        .getByRole('region', { name: 'Cookie-instellingen' })
        .getByRole('button', { name: 'Accepteren' })
        .click();
      await page.goto(`${server.baseUrl}/${category.url_path}`);
      await expect.poll(() => pushes.filter((p) => p.event === 'view_item_list').length, { timeout: 15_000 }).toBe(1);
      expect(await page.locator(`script[src*="id=${TAG_MANAGER_ID}"]`).count()).toBe(1);
    });
  });

  test('accepted: browse → add → checkout → order pushes the GA4 events in order, the purchase with the server number and total', async () => {
    await onRecordingPhone(async ({ page, pushes }) => {
      await acceptConsent(page, server.baseUrl);

      const { pick, position } = await browseToProduct(page);
      const childSku = await addFirstSize(page);
      expect(childSku).not.toBe('');
      // add_to_cart follows the worker's answer, which can come a moment after the mini-cart shows the count
      await expect.poll(() => journeyOf(pushes).map((p) => p.event), { timeout: 10_000 }).toContain('add_to_cart');

      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 15_000 });
      const variant = await page.locator('.cart-line-variant').first().innerText();
      const email = 'analytics@example.nl';
      await checkoutForm.fillGuestDetails(page, { email, firstname: 'Daan', lastname: 'de Vries' });
      await checkoutForm.fillDeliveryAddress(page);
      await checkoutForm.shippingMethodChosen(page);
      await checkoutForm.acceptTerms(page);
      await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
      await checkoutForm.placeOrderButton(page).click();
      const number = await checkoutForm.finishPayment(page, 'Betalen');
      await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => journeyOf(pushes).at(-1)?.event, { timeout: 10_000 }).toBe('purchase');

      const journey = journeyOf(pushes);
      expect(journey.map((p) => p.event)).toEqual([
        'view_item_list',
        'select_item',
        'view_item',
        'add_to_cart',
        'begin_checkout',
        'add_shipping_info',
        'add_payment_info',
        'purchase',
      ]);
      // every event pushed once
      expect(new Set(journey.map((p) => p.event_id)).size).toBe(journey.length);

      const [, select, , add, , , , bought] = journey;
      expect(select!.ecommerce).toMatchObject({
        item_list_name: category.name,
        items: [{ item_id: pick.sku, item_name: pick.name, index: position }],
      });
      expect(add!.ecommerce).toMatchObject({
        currency: 'EUR',
        items: [
          {
            item_id: childSku,
            item_name: pick.name,
            quantity: 1,
            item_variant: variant,
          },
        ],
      });

      const { rows } = await server.db.query<{ increment_id: string; grand_total_cents: number }>(
        'select increment_id, grand_total_cents from orders where email = $1',
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.increment_id).toBe(number);
      expect(bought!.ecommerce).toMatchObject({
        transaction_id: number,
        value: rows[0]!.grand_total_cents / 100,
        currency: 'EUR',
        items: [{ item_id: childSku, quantity: 1, item_variant: variant }],
      });

      // the tag manager's script was loaded with the configured id, and the pages carried their page types
      expect(await page.locator(`script[src*="id=${TAG_MANAGER_ID}"]`).count()).toBe(1);
      // each page once, with its own type: the category (a dispatched path, full load) an overview, the product
      // (reached in the app from the category's tile) its detail, never the previous page's type
      const views = pushes
        .filter((p) => p.event === 'page_view')
        .map((p) => ({ type: p.page_type, path: String(p.page_path) }));
      const typesOf = (match: (path: string) => boolean) => views.filter((v) => match(v.path)).map((v) => v.type);
      const productPath = new URL(pick.parentUrl).pathname;
      expect(typesOf((path) => path.replace(/\/$/, '') === `/${category.url_path}`.replace(/\/$/, ''))).toEqual([
        'ProductOverview',
      ]);
      const productTypes = typesOf((path) => path.startsWith(productPath));
      expect(productTypes.length).toBeGreaterThan(0);
      expect(new Set(productTypes)).toEqual(new Set(['ProductDetail']));
      expect(typesOf((path) => path.startsWith('/checkout') && !path.startsWith('/checkout-'))).toEqual(['Checkout']);
      expect(new Set(views.map((v) => v.path)).size, 'one page_view per page').toBe(views.length);
    });
  });

  test('offline: an event raised offline waits on the device and is pushed once when online, also after a reload', async () => {
    await onRecordingPhone(async ({ context, page, pushes }) => {
      const added = () => pushes.filter((p) => p.event === 'add_to_cart');
      await acceptConsent(page, server.baseUrl);
      const pick = picks[1]!;
      await page.goto(pick.url);
      await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
      await serviceWorkerInControl(page);
      await expect.poll(() => pushes.filter((p) => p.event === 'view_item').length).toBe(1);

      await context.setOffline(true);
      await page.getByRole('button', { name: 'In winkelwagen' }).click();
      await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain('1');
      // the event follows the worker's answer, a moment after the mini-cart shows the count
      const queued = () => page.evaluate(() => localStorage.getItem('ofm-analytics-queue') ?? '');
      await expect.poll(queued, { timeout: 10_000 }).toContain('"add_to_cart"');
      expect(added()).toEqual([]);

      await context.setOffline(false);
      await expect.poll(() => added().length, { timeout: 10_000 }).toBe(1);
      expect(added()[0]!.ecommerce).toMatchObject({ items: [{ item_id: pick.childSku, quantity: 1 }] });
      // a reload pushes its own page_view and nothing of what was already pushed
      const pageViews = () => pushes.filter((p) => p.event === 'page_view').length;
      const viewsBefore = pageViews();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
      await expect.poll(pageViews).toBe(viewsBefore + 1);
      expect(added()).toHaveLength(1);
    });
  });

  test('home: a category tile is a select_promotion, a tile of a product row a select_item of that row', async () => {
    await onRecordingPhone(async ({ page, pushes }) => {
      await acceptConsent(page, server.baseUrl);
      const tile = page.locator('.cms-tiles a.cms-tile').first();
      const tileName = await tile.innerText();
      await tile.click();
      await page.getByRole('heading', { level: 1, name: tileName }).waitFor({ timeout: 15_000 });
      await expect
        .poll(() => pushes.filter((p) => p.event === 'select_promotion').map((p) => p.ecommerce))
        .toEqual([expect.objectContaining({ promotion_name: tileName, creative_slot: 'tile_1' })]);

      await page.goto(`${server.baseUrl}/`);
      const row = page.locator('section.cms-products', { has: page.getByRole('heading', { name: 'Nieuw binnen' }) });
      const second = row.locator('a.tile-link').nth(1);
      await second.waitFor({ timeout: 15_000 });
      const href = await second.getAttribute('href');
      await second.click();
      await page.waitForURL((url) => url.pathname === href);
      await expect
        .poll(() => pushes.filter((p) => p.event === 'select_item').map((p) => p.ecommerce))
        .toEqual([
          expect.objectContaining({
            item_list_name: 'Nieuw binnen',
            items: [expect.objectContaining({ item_list_name: 'Nieuw binnen', index: 2 })],
          }),
        ]);
    });
  });

  test('search and login: the term searched, and a login with its username (never sent) once', async () => {
    await onRecordingPhone(async ({ page, pushes }) => {
      await acceptConsent(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/catalogsearch/result/?q=overhemd`);
      await page.getByRole('heading', { level: 1, name: /overhemd/ }).waitFor({ timeout: 15_000 });
      await expect.poll(() => pushes.filter((p) => p.event === 'search')).toMatchObject([{ search_term: 'overhemd' }]);

      await logInAs(page, server.baseUrl, 'demo@ofm-shop.nl', 'Welkom#2026');
      await expect
        .poll(() => pushes.filter((p) => p.event === 'login'))
        .toEqual([expect.objectContaining({ event: 'login', method: 'email' })]);
      expect(JSON.stringify(pushes)).not.toContain('demo@ofm-shop.nl');
    });
  });
});
