import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice } from '../../domain/money.ts';
import type { TestServer } from '../support/test-server.ts';
import { logInAs, openPage, useShopInChromium } from './browser.ts';
import { addFirstToCart } from './product-picks.ts';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer.ts';
import { acceptTerms, fillDeliveryAddress, fillGuestDetails, placeOrderButton, segments } from './checkout-form.ts';
import type { Browser } from 'playwright-core';

/**
 * The shop's one totals rule (docs/checkout-and-orders.md "Totals") on a 412 px phone: the product page, mini cart,
 * cart page, checkout summary and payment page read the same segments, and what they say the total is, is what the
 * order is charged (the server's rows).
 */

let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 60, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
});

/** A seeded € 39,95 t-shirt size in stock: below the € 50 free-shipping threshold. */
async function tshirtAt3995(): Promise<{ url: string; name: string; sku: string }> {
  const { rows } = await server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
    `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
       join stock_items s on s.sku = c.sku
      where c.price_cents = 3995 and c.special_price_cents is null and p.special_price_cents is null
        and s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
  );
  const row = rows[0]!;
  return { url: `/p/${row.parent}/${row.slug}/${row.sku}`, name: row.name, sku: row.sku };
}

const EUR = (cents: number) => formatPrice(cents).replace(/\s/g, ' ');
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const SHOWN = {
  'Subtotaal': EUR(3995),
  'Verzending': `vanaf ${EUR(495)}`,
  'Totaal': EUR(4490),
  'Waarvan btw': expect.stringMatching(/^€ \d+,\d\d$/),
};

describe('one totals rule on every screen (412 px phone)', () => {
  test('a € 39,95 cart reads the same total from the mini cart to the payment page, and the order is charged it', async () => {
    const { context, page } = await openPage(browser);
    try {
      const product = await tshirtAt3995();
      await addFirstToCart(page, { ...product, url: server.baseUrl + product.url });

      // mini cart: the server's totals with shipping "vanaf" its cheapest delivery, never "Gratis" below € 50
      await page.locator('.minicart-button').click();
      const mini = page.locator('.microcart').getByTestId('totals');
      await expect.poll(() => segments(mini), { timeout: 15_000 }).toEqual(SHOWN);
      await page.locator('.microcart').getByRole('link', { name: 'Winkelwagen' }).click();

      // cart page
      await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
      const cartTotals = page.locator('.cart-page').getByTestId('totals');
      await expect.poll(() => segments(cartTotals), { timeout: 15_000 }).toEqual(SHOWN);

      // checkout before an address: the same, and no "worden berekend" that never ends
      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
      const summary = page.locator('.checkout-summary').getByTestId('totals');
      await expect.poll(() => segments(summary), { timeout: 15_000 }).toEqual(SHOWN);
      await expect.poll(() => page.getByText('De totalen worden berekend…').count()).toBe(0);

      // the address and home delivery chosen: the chosen method's price, the same total
      await fillGuestDetails(page, { email: 'totaal@example.nl' });
      await fillDeliveryAddress(page);
      await acceptTerms(page);
      await page
        .locator('.checkout-totals[aria-busy="false"]')
        .waitFor({ timeout: 15_000 })
        .catch(async (error: unknown) => {
          console.log(await page.locator('form.checkout-form').innerText());
          throw error;
        });
      await expect.poll(() => segments(summary), { timeout: 15_000 }).toEqual({ ...SHOWN, Verzending: EUR(495) });
      expect(await textOf(page.locator('.checkout-summary').getByTestId('totals-total'))).toBe(EUR(4490));

      // payment page
      await placeOrderButton(page).click();
      await page.waitForURL(/\/pay\//, { timeout: 20_000 });
      const pay = await segments(page.locator('dl'));
      expect(pay).toMatchObject({ Subtotaal: EUR(3995), Verzending: EUR(495), Totaal: EUR(4490) });

      const { rows } = await server.db.query<{ grand_total_cents: number; shipping_cents: number; amount: number }>(
        `select o.grand_total_cents, o.shipping_cents, p.amount_cents as amount
           from orders o join payments p on p.order_pk = o.id where o.email = 'totaal@example.nl'`,
      );
      expect(rows).toEqual([{ grand_total_cents: 4490, shipping_cents: 495, amount: 4490 }]);
    } finally {
      await context.close();
    }
  });

  test('offline the cart page keeps the last known totals, marked "voorlopig"', async () => {
    const { context, page } = await openPage(browser);
    try {
      const tshirt = await tshirtAt3995();
      await addFirstToCart(page, { ...tshirt, url: server.baseUrl + tshirt.url });
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      const cartTotals = page.locator('.cart-page').getByTestId('totals');
      await expect.poll(() => segments(cartTotals), { timeout: 15_000 }).toEqual(SHOWN);
      await context.setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await expect
        .poll(() => textOf(page.locator('.cart-page').getByTestId('totals-total')))
        .toBe(`${EUR(4490)} (voorlopig)`);
      expect((await segments(cartTotals)).Verzending).toBe(`vanaf ${EUR(495)}`);
    } finally {
      await context.close();
    }
  });

  test("a guest coupon survives the login: removed, merged, re-applied, and the totals are the account cart's", async () => {
    const { context, page } = await openPage(browser);
    try {
      const { rows } = await server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
        `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
           join stock_items s on s.sku = c.sku
          where c.price_cents >= 15000 and c.special_price_cents is null and p.special_price_cents is null
            and s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
      );
      const suit = rows[0]!;
      await addFirstToCart(page, {
        url: `${server.baseUrl}/p/${suit.parent}/${suit.slug}/${suit.sku}`,
        name: suit.name,
      });
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.getByLabel('Couponcode').fill('TIENEURO');
      await page.getByRole('button', { name: 'Toepassen' }).click();
      const cartTotals = page.locator('.cart-page').getByTestId('totals');
      await expect
        .poll(async () => (await segments(cartTotals))['Korting (TIENEURO)'], { timeout: 15_000 })
        .toBe(`-${EUR(1000)}`);

      await logInAs(page, server.baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
      // the coupon is back on the account cart and every figure is the server's for the merged lines
      const account = async () => {
        const { rows: carts } = await server.db.query<{ cart_id: string; coupon_code: string | null }>(
          `select c.cart_id, c.coupon_code from carts c join customers u on u.id = c.customer_id
            where u.email = $1 and c.is_active order by c.updated_at desc limit 1`,
          [DEMO_CUSTOMER.email],
        );
        return carts[0] ?? null;
      };
      await expect.poll(async () => (await account())?.coupon_code, { timeout: 20_000 }).toBe('TIENEURO');
      const login = await fetch(`${server.baseUrl}/api/ext/shop/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
      });
      const token = ((await login.json()) as { result: string }).result;
      const res = await fetch(
        `${server.baseUrl}/api/ext/shop/cart/totals?cartId=${(await account())!.cart_id}&token=${token}`,
      );
      const serverTotals = (await res.json()).result as {
        grand_total: number;
        subtotal_incl_tax: number;
        discount_amount: number;
      };
      expect(serverTotals.subtotal_incl_tax).toBeGreaterThan(0);
      await expect
        .poll(() => segments(cartTotals), { timeout: 20_000 })
        .toMatchObject({
          'Subtotaal': EUR(Math.round(serverTotals.subtotal_incl_tax * 100)),
          'Korting (TIENEURO)': `-${EUR(1000)}`,
          'Totaal': EUR(Math.round(serverTotals.grand_total * 100)),
        });
      expect(await page.getByLabel('Couponcode').count()).toBe(0);
      await page.getByText('TIENEURO').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
