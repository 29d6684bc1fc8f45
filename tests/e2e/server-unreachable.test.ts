import { describe, expect, test } from 'vitest';
import { serviceWorkerInControl } from './browser.ts';
import { fillDeliveryAddress, fillGuestDetails, placeOrder, shippingMethodChosen } from './checkout-form.ts';
import { BUDGET_MS, LOADED_MACHINE_MS, OFFLINE, useGatedShop } from './gated-shop.ts';

/**
 * Every action that needs the server tells the shopper on a phone, in Dutch, when the server cannot be reached
 * (docs/checkout-and-orders.md "When the server cannot be reached", docs/customer-account.md): within 2 s when the
 * connection is refused, within 8 s when the server accepts and never answers, and no busy state stays. The server is
 * reached through a gate that refuses or swallows the browser's connections (tests/support/server-gate.ts); each
 * action's page is opened with the gate open, the fields typed, and the gate closed just before the tap. The budgets
 * and the shared setup are in ./gated-shop.ts; the postcode lookup, gift card and donation are in
 * server-unreachable-lookups.test.ts.
 */
const RESET_OFFLINE = 'Wachtwoord herstellen werkt niet zonder internetverbinding.';

const shop = useGatedShop();
const { open, timed, notification, aProductInTheCart } = shop;

describe('the shopper learns fast that the server is out of reach', () => {
  // the tests below start from here: an order placed and not paid yet (its confirmation offers "Nu betalen"), then a
  // line in the cart for the coupon
  test('with the server reachable an order is placed and a product is in the cart', async () => {
    const { page } = shop;
    await aProductInTheCart();
    await page.waitForLoadState('networkidle');
    await page.goto(shop.at('/checkout'));
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
      const { page } = shop;
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
      const { page } = shop;
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
