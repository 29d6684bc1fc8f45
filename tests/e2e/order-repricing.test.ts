import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice } from '../../domain/money.ts';
import type { TestServer } from '../support/test-server.ts';
import { onPhone } from './browser.ts';
import { placeOrderOffline, serverOrdersOf, type OrderableProduct, useOrderableShop } from './offline-order.ts';

/**
 * Spec 001 §8 re-pricing, as a shopper on a phone meets it: an order placed offline is priced by the server when it
 * arrives; when the price or the stock changed meanwhile nothing is placed, the confirmation shows the differences,
 * and the shopper places it at the new total (one order, at the new price) or cancels it (lines back in the cart).
 */

let server: TestServer;
let browser: Browser;
let products: OrderableProduct[];

useOrderableShop(8, (shop) => ({ server, browser, products } = shop));

type Price = { price_cents: number; special_price_cents: number | null };

/** The product's price changed on the server while the order waited; undone after the test. */
async function withNewPrice(sku: string, cents: number, run: (before: number) => Promise<void>): Promise<void> {
  const { rows } = await server.db.query<Price>(
    'select price_cents, special_price_cents from products where sku = $1',
    [sku],
  );
  const old = rows[0]!;
  const before =
    old.special_price_cents !== null && old.special_price_cents < old.price_cents
      ? old.special_price_cents
      : old.price_cents;
  await server.db.query('update products set price_cents = $2, special_price_cents = null where sku = $1', [
    sku,
    cents,
  ]);
  try {
    await run(before);
  } finally {
    await server.db.query('update products set price_cents = $2, special_price_cents = $3 where sku = $1', [
      sku,
      old.price_cents,
      old.special_price_cents,
    ]);
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

describe('a waiting order is re-priced before it is placed, on a phone', () => {
  test('a price raised while the order waited: the difference is shown and nothing placed; "place at the new total" places one order at the new price', async () => {
    await onPhone(browser, async (page, context) => {
      const email = 'herprijs@example.nl';
      const product = products[0]!;
      await placeOrderOffline(page, context, server, [product], email);
      await withNewPrice(product.childSku, 12_345, async (before) => {
        await context.setOffline(false);
        await heading(page, 'De prijzen in je winkelwagen zijn gewijzigd.').waitFor({ timeout: 20_000 });
        await page.getByText('Je bestelling is niet geplaatst en er is niets afgeschreven.').waitFor();
        await page
          .locator(`.repriced-line[data-sku="${product.childSku}"]`)
          .getByText(`was ${formatPrice(before)}, nu ${formatPrice(12_345)}`)
          .waitFor();
        expect(await serverOrdersOf(server, email)).toEqual([]);

        const place = page.getByRole('button', { name: /^Bestellen voor het nieuwe totaal van / });
        const label = await place.innerText();
        await place.click();
        await heading(page, 'Je betaling is nog niet afgerond').waitFor({ timeout: 20_000 });
        const orders = await serverOrdersOf(server, email);
        expect(orders.map((o) => o.lines)).toEqual([`${product.childSku}×1@12345`]);
        expect(label).toContain(formatPrice(orders[0]!.grand_total_cents));
        await page.getByText(`Bestelling ${orders[0]!.increment_id} wacht op je betaling`, { exact: false }).waitFor();
      });
    });
  });

  test('cancelled: nothing placed and the lines are back in the cart', async () => {
    await onPhone(browser, async (page, context) => {
      const email = 'annuleer@example.nl';
      const [first, second] = [products[1]!, products[2]!];
      await placeOrderOffline(page, context, server, [first, second], email);
      await withNewPrice(first.childSku, 23_456, async () => {
        await context.setOffline(false);
        await heading(page, 'De prijzen in je winkelwagen zijn gewijzigd.').waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
        await page.waitForURL(/\/winkelwagen\/$/);
        await page.getByText('Je bestelling is geannuleerd. De producten staan weer in je winkelwagen.').waitFor();
        for (const p of [first, second]) await page.locator(`.cart-line[data-sku="${p.childSku}"]`).waitFor();
        expect(await page.getByTestId('cart-count').innerText()).toContain('2');
        expect(await serverOrdersOf(server, email)).toEqual([]);
      });
    });
  });

  test('a product sold out while the order waited: shown as sold out; cancelled, its cart line is marked', async () => {
    await onPhone(browser, async (page, context) => {
      const email = 'uitverkocht@example.nl';
      const [kept, gone] = [products[3]!, products[4]!];
      await placeOrderOffline(page, context, server, [kept, gone], email);
      const { rows } = await server.db.query<{ qty: number }>('select qty from stock_items where sku = $1', [
        gone.childSku,
      ]);
      await server.db.query('update stock_items set qty = 0, is_in_stock = false where sku = $1', [gone.childSku]);
      try {
        await context.setOffline(false);
        await heading(page, 'Sommige bestelde producten zijn niet beschikbaar.').waitFor({ timeout: 20_000 });
        await page
          .locator(`.repriced-line[data-sku="${gone.childSku}"]`)
          .getByText('Helaas is dit product uitverkocht. Verwijder het uit je winkelwagen.', { exact: false })
          .waitFor();
        expect(await serverOrdersOf(server, email)).toEqual([]);
        await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
        await page.waitForURL(/\/winkelwagen\/$/);
        await page
          .locator(`.cart-line[data-sku="${gone.childSku}"]`)
          .getByText('Helaas is dit product uitverkocht. Verwijder het uit je winkelwagen.')
          .waitFor({ timeout: 15_000 });
        await page.locator(`.cart-line[data-sku="${kept.childSku}"]`).waitFor();
        expect(await serverOrdersOf(server, email)).toEqual([]);
      } finally {
        await server.db.query('update stock_items set qty = $2, is_in_stock = true where sku = $1', [
          gone.childSku,
          rows[0]!.qty,
        ]);
      }
    });
  });
});
