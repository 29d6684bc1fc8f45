import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServerGate, type GateMode, type ServerGate } from '../support/server-gate.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium, openPage, serviceWorkerInControl } from './browser.ts';
import { fillDeliveryAddress, fillGuestDetails, placeOrder, shippingMethodChosen } from './checkout-form.ts';
import { addFirstToCart } from './product-picks.ts';

/**
 * Every action that needs the server tells the shopper on a phone, in Dutch, when the server cannot be reached
 * (docs/checkout-and-orders.md "When the server cannot be reached", docs/customer-account.md): within 2 s when the
 * connection is refused, within 8 s when the server accepts and never answers, and no busy state stays. The server is
 * reached through a gate that refuses or swallows the browser's connections (tests/support/server-gate.ts); each
 * action's page is opened with the gate open, the fields typed, and the gate closed just before the tap.
 */
const OFFLINE = 'Je bent offline. Probeer het opnieuw als je weer online bent.';
const RESET_OFFLINE = 'Wachtwoord herstellen werkt niet zonder internetverbinding.';
/** The budgets (docs/checkout-and-orders.md); a loaded test machine (2 cores shared with other runs) gets 1.5 s more. */
const BUDGET_MS: Record<Exclude<GateMode, 'open'>, number> = { refused: 2_000, hung: 8_000 };
const LOADED_MACHINE_MS = 1_500;

let server: TestServer;
let gate: ServerGate;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer({ products: 12, staticDir: 'dist' });
  gate = await startServerGate(server.baseUrl);
  browser = await launchChromium();
  ({ context, page } = await openPage(browser));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await gate?.close();
  await server?.close();
});

const at = (path: string) => `${gate.baseUrl}${path}`;

/** Opens a page of the shop with the server reachable, and waits until the app has stopped asking it. */
async function open(path: string): Promise<void> {
  await gate.set('open');
  await page.goto(at(path));
  await page.waitForLoadState('networkidle');
}

/**
 * Closes the gate, runs the shopper's tap and waits for `answer` to show: answers how long it took from the tap. Then
 * no control of the page is still busy or disabled by the action (the spinner that stays).
 */
async function timed(mode: Exclude<GateMode, 'open'>, tap: () => Promise<void>, answer: Locator): Promise<number> {
  await gate.set(mode);
  const tapped = Date.now();
  await tap();
  await answer.waitFor({ timeout: BUDGET_MS[mode] + 10_000 });
  const took = Date.now() - tapped;
  expect(await page.locator('[aria-busy="true"], .loader').count()).toBe(0);
  return took;
}

const notification = (text: string) => page.locator('.notification', { hasText: text });

async function aProductInTheCart(): Promise<void> {
  const { rows } = await server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
    `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
       join stock_items s on s.sku = c.sku
      where s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
  );
  const product = rows[0]!;
  await gate.set('open');
  await addFirstToCart(page, { url: at(`/p/${product.parent}/${product.slug}/${product.sku}`), name: product.name });
}

describe('the shopper learns fast that the server is out of reach', () => {
  // the tests below start from here: an order placed and not paid yet (its confirmation offers "Nu betalen"), then a
  // line in the cart for the coupon
  test('with the server reachable an order is placed and a product is in the cart', async () => {
    await aProductInTheCart();
    await page.waitForLoadState('networkidle');
    await page.goto(at('/checkout'));
    // a fresh profile's first pages install the service worker and open the device database: give it time
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 60_000 });
    await fillGuestDetails(page, { email: 'onbereikbaar@example.nl' });
    await fillDeliveryAddress(page);
    await shippingMethodChosen(page);
    await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
    await placeOrder(page);
    await page.waitForURL(/\/pay\//, { timeout: 20_000 });
    await aProductInTheCart();
    await serviceWorkerInControl(page);
  });

  describe.each(['refused', 'hung'] as const)('when the server %s', (mode) => {
    const within = BUDGET_MS[mode] + LOADED_MACHINE_MS;

    test('log in, create an account, ask a reset link', async () => {
      await open('/login/');
      const main = page.locator('main');
      await main.getByLabel(/^E-mailadres/).fill('demo@ofm-shop.nl');
      await main.getByLabel(/^Wachtwoord/).fill('Welkom#2026');
      const logIn = main.getByRole('button', { name: 'Inloggen' });
      expect(await timed(mode, () => logIn.tap(), notification(OFFLINE))).toBeLessThan(within);
      expect(await logIn.isEnabled()).toBe(true);

      await open('/login/');
      await main.getByRole('button', { name: 'Account aanmaken' }).tap();
      await main.getByLabel(/^Voornaam/).fill('Sanne');
      await main.getByLabel(/^Achternaam/).fill('Visser');
      await main.getByLabel(/^E-mailadres/).fill(`nieuw-${mode}@example.nl`);
      await main.getByLabel(/^Wachtwoord/).fill('Welkom#2026x');
      await main.getByLabel(/^Herhaal wachtwoord/).fill('Welkom#2026x');
      const create = main.locator('form').getByRole('button', { name: 'Account aanmaken' });
      expect(await timed(mode, () => create.tap(), notification(OFFLINE))).toBeLessThan(within);
      expect(await create.isEnabled()).toBe(true);

      await open('/password/reset');
      await main.getByLabel(/^E-mailadres/).fill('demo@ofm-shop.nl');
      const send = main.getByRole('button', { name: 'Stuur herstellink' });
      expect(await timed(mode, () => send.tap(), notification(RESET_OFFLINE))).toBeLessThan(within);
      expect(await send.isEnabled()).toBe(true);
    });

    test('the payment page of a placed order, the newsletter signup, a coupon', async () => {
      await open('/checkout-return/');
      const pay = page.locator('main').getByRole('button', { name: 'Nu betalen' });
      await pay.waitFor({ timeout: 15_000 });
      expect(await timed(mode, () => pay.tap(), notification(OFFLINE))).toBeLessThan(within);
      expect(await pay.isEnabled()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/checkout-return/');

      await open('/');
      await page.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).tap();
      const modal = page.getByRole('dialog', { name: 'Nieuwsbrief' });
      await modal.getByLabel('E-mailadres').fill(`brief-${mode}@example.nl`);
      const signUp = modal.getByRole('button', { name: 'Aanmelden', exact: true });
      expect(await timed(mode, () => signUp.tap(), notification(OFFLINE))).toBeLessThan(within);
      expect(await signUp.isEnabled()).toBe(true);

      await open('/winkelwagen/');
      await page.getByLabel('Couponcode').fill('WELKOM10');
      const apply = page.getByRole('button', { name: 'Toepassen' });
      expect(await timed(mode, () => apply.tap(), notification(OFFLINE))).toBeLessThan(within);
      expect(await apply.isEnabled()).toBe(true);
    });
  });
});
