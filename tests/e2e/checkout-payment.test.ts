import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice, toCents } from '../../domain/money.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { serviceWorkerInControl, onPhone } from './browser.ts';
import {
  acceptTerms,
  fillDeliveryAddress,
  fillGuestDetails,
  finishPayment,
  placeOrderButton,
} from './checkout-form.ts';
import { useOrderableShop, type OrderableProduct } from './offline-order.ts';

/**
 * The checkout as a shopper on a phone uses it (spec 000 §4 "Place order", "Offline"; spec 001 §4 "Flying-blue"),
 * each journey checked to the server's final state: the total shown is the total charged, the confirmation shows the
 * server's number and tells the truth about the payment, a refused order stays in the checkout, a cancelled payment
 * can be tried again, and an order placed offline is sent once.
 */

let server: TestServer;
let browser: Browser;
let products: OrderableProduct[];

useOrderableShop(8, (shop) => ({ server, browser, products } = shop));

/**
 * Puts the n-th product in the cart on its product page and opens the checkout with the guest's details filled, then
 * waits for the server's totals (a choice made afterwards, such as the payment method, asks for them again).
 */
async function toCheckout(page: Page, n: number, email: string): Promise<void> {
  const product = products[n]!;
  await page.goto(server.baseUrl + product.url);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain('1');
  await page.goto(`${server.baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
  await fillGuestDetails(page, { email, firstname: 'Sanne', lastname: 'Visser' });
  await fillDeliveryAddress(page);
  await acceptTerms(page);
  await waitForServerTotals(page);
}

const summary = (page: Page) => page.locator('[data-step="summary"]');
const shownTotal = (page: Page) => page.locator('.checkout-summary').getByTestId('totals-total').innerText();

/** The server cart's grand total for the device's cart, as the summary must show it once the totals are in. */
async function serverCartTotal(): Promise<string> {
  const { rows } = await server.db.query<{ cart_id: string }>(
    'select cart_id from carts where is_active and customer_id is null and shipping_method_code is not null order by updated_at desc limit 1',
  );
  const res = await api<{ grand_total: number }>(server, 'GET', `/api/ext/shop/cart/totals?cartId=${rows[0]!.cart_id}`);
  return formatPrice(toCents(res.body.result.grand_total));
}

async function ordersOf(email: string) {
  const { rows } = await server.db.query<{
    increment_id: string;
    status: string;
    grand_total_cents: number;
    pay: string;
    method: string;
  }>(
    `select o.increment_id, o.status, o.grand_total_cents, p.status as pay, p.method
       from orders o join payments p on p.order_pk = o.id where o.email = $1 order by o.id`,
    [email],
  );
  return rows;
}

async function waitForServerTotals(page: Page): Promise<void> {
  await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
}

/**
 * The checkout filled online (the service worker in control, so pages load offline), then the network gone: the
 * summary says its totals are provisional and the order waits on its confirmation with the 'Order waiting!' notice.
 */
async function placeOrderOffline(page: Page, context: BrowserContext, n: number, email: string): Promise<void> {
  await toCheckout(page, n, email);
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await summary(page).getByText('Je bent offline: deze totalen zijn voorlopig.', { exact: false }).waitFor();
  await placeOrderButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Je bestelling wacht' }).waitFor({ timeout: 15_000 });
  await page.getByText('Je bestelling wordt verzonden zodra je weer online bent.').waitFor();
}

describe('checkout, payment and honest outcomes on a phone', () => {
  test('a guest order with home delivery is paid end to end: the total shown is the total charged, the confirmation shows the server number', async () => {
    await onPhone(browser, async (page) => {
      const email = 'betaald@example.nl';
      await toCheckout(page, 0, email);
      const charged = await serverCartTotal();
      await expect.poll(() => shownTotal(page)).toBe(charged);
      const hintShown =
        (await summary(page)
          .getByText(`Gratis verzending vanaf ${formatPrice(5000)}`)
          .count()) === 1;

      await placeOrderButton(page).click();
      await page.waitForURL(/\/pay\//, { timeout: 20_000 });
      await page.locator("dt:text-is('Totaal') + dd").getByText(charged).waitFor();
      const number = await finishPayment(page, 'Betalen');
      await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });
      await page.getByText(`Je bestelnummer is ${number}. Je ontvangt een bevestiging per e-mail.`).waitFor();
      await page.getByText(`Betaald: ${charged}`).waitFor();

      const orders = await ordersOf(email);
      expect(orders).toEqual([
        {
          increment_id: number,
          status: 'Processing',
          grand_total_cents: expect.any(Number),
          pay: 'paid',
          method: 'ideal',
        },
      ]);
      expect(formatPrice(orders[0]!.grand_total_cents)).toBe(charged);
      // the free-shipping threshold was shown only while shipping was charged
      const { rows } = await server.db.query<{ shipping_cents: number }>(
        'select shipping_cents from orders where increment_id = $1',
        [number],
      );
      expect(hintShown).toBe(rows[0]!.shipping_cents > 0);
    });
  });

  test('an order whose product sold out while the shopper was in the checkout is not placed: the confirmation names it, cancelling keeps the cart with the line marked', async () => {
    await onPhone(browser, async (page) => {
      const email = 'geweigerd@example.nl';
      const { childSku } = products[1]!;
      await toCheckout(page, 1, email);
      const { rows } = await server.db.query<{ qty: number }>('select qty from stock_items where sku = $1', [childSku]);
      await server.db.query('update stock_items set qty = 0, is_in_stock = false where sku = $1', [childSku]);
      try {
        await placeOrderButton(page).click();
        // spec 001 §8: re-priced on arrival; the only line sold out, so there is nothing to place at a new total
        await page
          .getByRole('heading', { level: 1, name: 'Sommige bestelde producten zijn niet beschikbaar.' })
          .waitFor({ timeout: 15_000 });
        await page
          .locator(`.repriced-line[data-sku="${childSku}"]`)
          .getByText('Uitverkocht', { exact: false })
          .waitFor();
        expect(await page.getByRole('button', { name: /^Bestellen voor het nieuwe totaal/ }).count()).toBe(0);
        expect(await ordersOf(email)).toEqual([]);
        await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
        await page.waitForURL(/\/winkelwagen\/$/);
        await page
          .locator(`.cart-line[data-sku="${childSku}"]`)
          .getByText('Helaas is dit product uitverkocht. Verwijder het uit je winkelwagen.')
          .waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('cart-count').innerText()).toContain('1');
        expect(await ordersOf(email)).toEqual([]);
      } finally {
        await server.db.query('update stock_items set qty = $2, is_in_stock = true where sku = $1', [
          childSku,
          rows[0]!.qty,
        ]);
      }
    });
  });

  test('a cancelled payment says so, and "try again" restores the cart and pays a new order', async () => {
    await onPhone(browser, async (page) => {
      const email = 'opnieuw@example.nl';
      await toCheckout(page, 2, email);
      await placeOrderButton(page).click();
      const cancelled = await finishPayment(page, 'Annuleren');
      await page.getByRole('heading', { level: 1, name: 'Betaling mislukt' }).waitFor({ timeout: 15_000 });
      await page.getByText(`Bestelling ${cancelled} is geannuleerd en er is niets afgeschreven.`).waitFor();
      expect((await ordersOf(email)).map((o) => [o.increment_id, o.status])).toEqual([[cancelled, 'Cancelled']]);

      await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
      await summary(page).locator(`.cart-line[data-sku="${products[2]!.childSku}"]`).waitFor({ timeout: 15_000 });
      // the steps kept their values on the device; only the terms are accepted again
      expect(await page.getByLabel(/^E-mailadres/).inputValue()).toBe(email);
      await waitForServerTotals(page);
      await placeOrderButton(page).click();
      const paid = await finishPayment(page, 'Betalen');
      await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });
      expect(paid).not.toBe(cancelled);
      expect((await ordersOf(email)).map((o) => [o.increment_id, o.status, o.pay])).toEqual([
        [cancelled, 'Cancelled', 'failed'],
        [paid, 'Processing', 'paid'],
      ]);
    });
  });

  test('Flying Blue: the redirect is fetched by order id and the shopper pays on its page', async () => {
    await onPhone(browser, async (page) => {
      const email = 'flyingblue@example.nl';
      await toCheckout(page, 3, email);
      await page.getByLabel('Betalen met Flying Blue Miles').check();
      await waitForServerTotals(page);
      const redirects: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/flying-blue/redirect/')) redirects.push(r.url());
      });
      await placeOrderButton(page).click();
      await page.waitForURL(/\/pay\//, { timeout: 20_000 });
      await page.getByText('Betalen met Flying Blue Miles').waitFor();
      const number = await finishPayment(page, 'Betalen');
      await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });
      expect(await ordersOf(email)).toMatchObject([
        { increment_id: number, status: 'Processing', pay: 'paid', method: 'flying_blue_payment' },
      ]);
      expect(redirects.length).toBe(1);
    });
  });

  test('an order placed offline waits with the notice, survives a reload and is sent once on the confirmation when online', async () => {
    await onPhone(browser, async (page, context) => {
      const email = 'offline@example.nl';
      await placeOrderOffline(page, context, 4, email);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Je bestelling wacht' }).waitFor({ timeout: 15_000 });
      expect(await ordersOf(email)).toEqual([]);

      await context.setOffline(false);
      await page.getByText('Je bestelling is verzonden. Rond de betaling af om hem te voltooien.').waitFor({
        timeout: 20_000,
      });
      const [order] = await ordersOf(email);
      // the confirmation turns to the server's number and the payment step; no e-mail is promised before payment
      await page.getByRole('heading', { level: 1, name: 'Je betaling is nog niet afgerond' }).waitFor();
      await page.getByText(`Bestelling ${order!.increment_id} wacht op je betaling`, { exact: false }).waitFor();
      expect(await page.getByText('Je ontvangt een bevestiging per e-mail', { exact: false }).count()).toBe(0);
      await page.getByRole('button', { name: 'Nu betalen' }).click();
      const number = await finishPayment(page, 'Betalen');
      expect(number).toBe(order!.increment_id);
      expect((await ordersOf(email)).map((o) => [o.status, o.pay])).toEqual([['Processing', 'paid']]);
    });
  });

  test('confirm mode: back online elsewhere in the shop, the shopper is asked before the waiting order is sent', async () => {
    await onPhone(browser, async (page, context) => {
      const email = 'bevestig@example.nl';
      await placeOrderOffline(page, context, 5, email);
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor({ timeout: 15_000 });

      await context.setOffline(false);
      const dialog = page.getByRole('dialog', { name: 'Bestelling verzenden?' });
      await dialog.getByText('Je hebt een bestelling geplaatst terwijl je offline was.', { exact: false }).waitFor();
      expect(await ordersOf(email)).toEqual([]);
      await dialog.getByRole('button', { name: 'Nu verzenden' }).click();
      await page.getByText('Je bestelling is verzonden. Rond de betaling af om hem te voltooien.').waitFor({
        timeout: 20_000,
      });
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await ordersOf(email)).map((o) => o.status)).toEqual(['Pending']);
    });
  });

  test('a double tap on "Bestelling plaatsen" places one order', async () => {
    await onPhone(browser, async (page) => {
      const email = 'dubbel@example.nl';
      await toCheckout(page, 6, email);
      await placeOrderButton(page).dblclick();
      await page.waitForURL(/\/pay\//, { timeout: 20_000 });
      const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from orders where email = $1', [
        email,
      ]);
      expect(rows[0]!.n).toBe(1);
      await finishPayment(page, 'Betalen');
      expect((await ordersOf(email)).map((o) => o.status)).toEqual(['Processing']);
    });
  });

  test('a guest who ticks "Account aanmaken" gets the account and the order is the new customer\'s', async () => {
    await onPhone(browser, async (page) => {
      const email = 'nieuw-account@example.nl';
      await toCheckout(page, 7, email);
      await page.getByLabel('Account aanmaken').check();
      await page.getByLabel(/^Wachtwoord/).fill('Welkom#2026x');
      await waitForServerTotals(page);
      await placeOrderButton(page).click();
      const number = await finishPayment(page, 'Betalen');
      await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });
      const { rows } = await server.db.query<{ increment_id: string; firstname: string }>(
        `select o.increment_id, c.firstname from orders o join customers c on c.id = o.customer_id where c.email = $1`,
        [email],
      );
      expect(rows).toEqual([{ increment_id: number, firstname: 'Sanne' }]);
    });
  });
});
