import type { Browser } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { PHONE } from './browser.ts';
import {
  addToCart,
  placeOrderOffline,
  serverOrdersOf,
  type OrderableProduct,
  useOrderableShop,
} from './offline-order.ts';
import { lastCartId } from './server-carts.ts';

/**
 * Placing an order empties the cart of the lines that went into it, never of what the shopper added afterwards
 * (docs/checkout-and-orders.md "What an order takes from the cart"), as a guest on a phone meets it: the order waits
 * offline, the shopper keeps shopping, and back online the order is placed once while the later product stays in the
 * cart, on the device and on the server.
 */

let server: TestServer;
let browser: Browser;
let products: OrderableProduct[];

useOrderableShop(3, (shop) => ({ server, browser, products } = shop));

/** The guest carts the server holds open (made after `sinceId`), with their lines: sku → qty. */
async function openGuestCarts(sinceId: number): Promise<Array<Record<string, number>>> {
  const { rows } = await server.db.query<{ cart_id: string; sku: string; qty: number }>(
    `select c.cart_id, i.sku, i.qty from carts c join cart_items i on i.cart_id = c.id
      where c.id > $1 and c.customer_id is null and c.is_active order by c.cart_id, i.sku`,
    [sinceId],
  );
  const carts = new Map<string, Record<string, number>>();
  for (const row of rows) carts.set(row.cart_id, { ...carts.get(row.cart_id), [row.sku]: row.qty });
  return [...carts.values()];
}

describe('shopping on after an offline order, on a phone', () => {
  test('a product added while the order waits stays in the cart and on the server; the order is placed once with its own line', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const email = 'verder-winkelen@example.nl';
      const [ordered, later, after] = [products[0]!, products[1]!, products[2]!];
      const since = await lastCartId(server);
      // the later product seen online first, so its page opens offline from the device's catalogue
      await page.goto(server.baseUrl + later.url);
      await page.getByRole('heading', { level: 1, name: later.name }).waitFor({ timeout: 15_000 });
      await placeOrderOffline(page, context, server, [ordered], email);

      // still offline, the shopper keeps shopping: the count goes 1 → 2
      await addToCart(page, server, later, 2);
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor({ timeout: 15_000 });

      await context.setOffline(false);
      const dialog = page.getByRole('dialog', { name: 'Bestelling verzenden?' });
      await dialog.getByRole('button', { name: 'Nu verzenden' }).click({ timeout: 20_000 });
      await page.getByText('Je bestelling is verzonden. Rond de betaling af om hem te voltooien.').waitFor({
        timeout: 20_000,
      });
      await expect.poll(async () => (await serverOrdersOf(server, email)).length, { timeout: 15_000 }).toBe(1);
      expect((await serverOrdersOf(server, email))[0]!.lines).toMatch(new RegExp(`^${ordered.childSku}×1@\\d+$`));

      // the cart page shows the later product, not the ordered one, and the server's open cart holds it once
      await page.locator(`.cart-line[data-sku="${later.childSku}"]`).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator(`.cart-line[data-sku="${ordered.childSku}"]`).count()).toBe(0);
      expect(await page.getByText('Je winkelwagen is leeg').count()).toBe(0);
      await expect.poll(() => page.getByTestId('cart-count').innerText()).toContain('1');
      await expect.poll(() => openGuestCarts(since), { timeout: 15_000 }).toEqual([{ [later.childSku]: 1 }]);

      // shopping goes on: the next product lands in the same open cart
      await addToCart(page, server, after, 2);
      await expect
        .poll(() => openGuestCarts(since), { timeout: 15_000 })
        .toEqual([{ [later.childSku]: 1, [after.childSku]: 1 }]);
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.locator(`.cart-line[data-sku="${after.childSku}"]`).waitFor({ timeout: 15_000 });
      expect(await page.locator(`.cart-line[data-sku="${later.childSku}"]`).count()).toBe(1);
      expect(await serverOrdersOf(server, email)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
