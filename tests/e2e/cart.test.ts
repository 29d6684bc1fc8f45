import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { DESKTOP, useAppInChromium } from './browser.ts';
import { fillGuestDetails, finishPayment, placeOrderInAmsterdam } from './checkout-form.ts';
import { configurableProducts, type ProductDoc } from './product-picks.ts';

/**
 * The cart UI on the real sync engine: the add-to-cart button, the mini-cart count from the cart live query, the
 * cart page's quantity edit and the confirmation before removing (spec 000 §9).
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let product: ProductDoc;
let sized: ProductDoc;

const cartCount = () => page.getByTestId('cart-count').innerText();

useAppInChromium({ products: 60, staticDir: 'dist' }, async (app) => {
  ({ server, browser, page } = app);
  const products = await configurableProducts(server);
  // Enough stock for a quantity of 2.
  product = products.find((p) => (p.configurable_children ?? []).some((c) => (c.stock?.qty ?? 0) >= 5))!;
  const inStock = (p: ProductDoc, label: string) =>
    (p.configurable_children ?? []).some((c) => c.size_label === label && (c.stock?.qty ?? 0) >= 5);
  sized = products.find((p) => inStock(p, 'M') && inStock(p, 'L'))!;
});

describe('cart UI (spec 001 §4)', () => {
  test('add to cart updates the mini-cart count; the cart page edits the quantity and removes a line only after confirmation', async () => {
    const child = product.configurable_children!.find((c) => (c.stock?.qty ?? 0) >= 5)!;
    await page.goto(`${server.baseUrl}/p/${product.sku}/${product.slug ?? product.url_key}/${child.sku}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
    await expect.poll(cartCount).toContain('0');

    await page.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect.poll(cartCount).toContain('1');
    await page.getByText('Het product is toegevoegd aan je winkelwagen!').waitFor();

    // The drawer never says "empty" while it asks the worker for the cart: until the answer it shows that it is
    // loading (it said "Je winkelwagen is leeg" for 50–140 ms at 4×), then the line the count is showing.
    await page.evaluate(() => {
      const w = window as unknown as { emptySeen: boolean };
      w.emptySeen = false;
      new MutationObserver(() => {
        if (document.querySelector('.microcart .empty-state')) w.emptySeen = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.locator('.minicart-button').click();
    const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
    await drawer.getByRole('link', { name: product.name }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { emptySeen: boolean }).emptySeen)).toBe(false);
    await drawer.getByRole('button', { name: 'Sluiten' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.goto(`${server.baseUrl}/winkelwagen/`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    await page.getByRole('link', { name: product.name }).first().waitFor();
    await page.getByLabel('Aantal').selectOption('2');
    await expect.poll(cartCount).toContain('2');

    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verwijderen' });
    await dialog.getByText('Dit product uit je winkelwagen verwijderen?').waitFor();
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect.poll(cartCount).toContain('2');

    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await dialog.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Je winkelwagen is leeg' }).waitFor();
    await expect.poll(cartCount).toContain('0');
  });

  test("checkout places the order through the worker, pays it and shows the server's order number", async () => {
    const child = product.configurable_children!.find((c) => (c.stock?.qty ?? 0) >= 5)!;
    await page.goto(`${server.baseUrl}/p/${product.sku}/${product.slug ?? product.url_key}/${child.sku}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect.poll(cartCount).toContain('1');

    await page.goto(`${server.baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
    // The minimal layout: no highlight bar, no main menu.
    expect(await page.locator('.highlight-bar').count()).toBe(0);
    await fillGuestDetails(page, { email: 'klant@example.nl', firstname: 'Jan', lastname: 'Jansen' });
    await placeOrderInAmsterdam(page);
    const incrementId = await finishPayment(page, 'Betalen');

    await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });
    // the server's order number, never the device's order id
    await page.getByText(`Je bestelnummer is ${incrementId}.`).waitFor();
    const { rows } = await server.db.query<{ status: string }>('select status from orders where email = $1', [
      'klant@example.nl',
    ]);
    expect(rows).toEqual([{ status: 'Processing' }]);
  });

  test('cart edit mode (spec 001 §4): choosing another size and quantity replaces the line, locally and on the server', async () => {
    const child = (label: string) =>
      sized.configurable_children!.find((c) => c.size_label === label && (c.stock?.qty ?? 0) >= 5)!;
    const [m, l] = [child('M'), child('L')];
    const before = (await server.db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from carts')).rows[0]!
      .n;
    // A fresh device, so the line is the only one in its cart.
    const tab = await (await browser.newContext(DESKTOP)).newPage();
    try {
      await tab.goto(`${server.baseUrl}/p/${sized.sku}/${sized.slug ?? sized.url_key}/${m.sku}`);
      await tab.getByRole('heading', { level: 1, name: sized.name }).waitFor();
      await expect.poll(() => tab.locator('.size-option.is-selected').count()).toBe(1);
      await tab.getByRole('button', { name: 'In winkelwagen' }).click();
      await expect.poll(() => tab.getByTestId('cart-count').innerText()).toContain('1');

      await tab.goto(`${server.baseUrl}/winkelwagen/`);
      await tab.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
      await tab.locator(`.cart-line[data-sku="${m.sku}"]`).waitFor();
      await tab.getByRole('button', { name: 'Wijzigen' }).click();
      const dialog = tab.getByRole('dialog', { name: 'Artikel wijzigen' });
      // the panel reads sizes in the system the product page showed them in (UK by default), as the line does
      const uk = (label: string) => (sized.size_conversion as Record<string, { uk: string; eu: string }>)[label]!;
      await dialog.getByRole('group', { name: 'Maat (UK)' }).waitFor();
      await dialog.getByRole('button', { name: `Maat ${uk('L').uk}`, exact: true }).click();
      await dialog.getByLabel('Aantal').selectOption('2');
      await dialog.getByRole('button', { name: 'Opslaan' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await expect
        .poll(() => tab.locator('.cart-line').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.sku)))
        .toEqual([l.sku]);
      await expect
        .poll(() => tab.locator('.cart-line-variant').innerText())
        .toMatch(new RegExp(`· UK ${uk('L').uk} \\(EU ${uk('L').eu}\\)$`));
      await expect.poll(() => tab.getByTestId('cart-count').innerText()).toContain('2');
      await expect
        .poll(
          async () =>
            (
              await server.db.query<{ sku: string; qty: number }>(
                'select ci.sku, ci.qty from cart_items ci join carts c on c.id = ci.cart_id where c.id > $1 order by ci.item_id',
                [before],
              )
            ).rows.map((r) => [r.sku, r.qty]),
          { timeout: 15_000 },
        )
        .toEqual([[l.sku, 2]]);
    } finally {
      await tab.context().close();
    }
  });
});
