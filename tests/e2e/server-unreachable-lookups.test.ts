import { describe, expect, test } from 'vitest';
import { fillDeliveryAddress, fillGuestDetails, placeOrder, shippingMethodChosen } from './checkout-form.ts';
import { BUDGET_MS, LOADED_MACHINE_MS, OFFLINE, useGatedShop, type Unreachable } from './gated-shop.ts';

/**
 * The postcode lookup, a gift card's balance and a donation tell the shopper on a phone, in Dutch, when the server
 * cannot be reached (docs/checkout-and-orders.md "When the server cannot be reached"), and leave nothing busy: the
 * shopper types the address by hand and the checkout's totals say they are provisional, the balance button checks
 * again, the donation can be given again. The gate refuses or swallows the browser's connections
 * (tests/support/server-gate.ts); the setup and budgets are shared with server-unreachable.test.ts (./gated-shop.ts).
 */
const LOOKUP_UNAVAILABLE = 'Het adres kan nu niet worden opgezocht, vul straat en plaats zelf in';
const TOTALS_PROVISIONAL = 'Je bent offline: deze totalen zijn voorlopig.';
/** The lookup waits at most 4 s for the server after a 0.4 s pause in typing (src/lib/use-address-lookup.ts). */
const LOOKUP_BUDGET_MS: Record<Unreachable, number> = { refused: 2_000, hung: 5_000 };
/**
 * A postcode of its own per attempt: the checkout keeps what was typed, and the same postcode and number typed again
 * would ask neither the lookup nor the totals again.
 */
let postcode = 3521;

const shop = useGatedShop();
const { open, timed, notification } = shop;

describe('lookups and payments that need the server, when it cannot be reached', () => {
  test('with the server reachable a product is in the cart', async () => {
    await shop.aProductInTheCart();
  });

  describe.each(['refused', 'hung'] as const)('when the server %s', (mode) => {
    const within = BUDGET_MS[mode] + LOADED_MACHINE_MS;

    test('the postcode lookup says so; the address typed by hand gives provisional totals, nothing busy', async () => {
      const { page } = shop;
      await open('/checkout');
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 60_000 });
      const form = page.locator('form.checkout-form');
      await fillGuestDetails(page, { email: `postcode-${mode}@example.nl` });
      await form.getByLabel(/^Land/).selectOption({ label: 'Nederland' });
      // the address of the attempt before is cleared first, so nothing is asked before the gate closes
      for (const field of [/^Huisnummer/, /^Straat/, /^Plaats/]) await form.getByLabel(field).fill('');
      await form.getByLabel(/^Postcode/).fill(`${postcode++} AA`);
      const status = page.getByTestId('address-lookup-status').filter({ hasText: LOOKUP_UNAVAILABLE });
      const typed = () => form.getByLabel(/^Huisnummer/).fill('7');
      expect(await timed(mode, typed, status)).toBeLessThan(LOOKUP_BUDGET_MS[mode] + LOADED_MACHINE_MS);

      // the shopper types street and city: the checkout asks the totals of that address, finds no server, and says
      // its totals are provisional instead of calculating for ever
      await form.getByLabel(/^Straat/).fill('Handweg');
      const typedAddress = Date.now();
      await form.getByLabel(/^Plaats/).fill('Utrecht');
      await page.locator('.checkout-hint', { hasText: TOTALS_PROVISIONAL }).waitFor({ timeout: within + 10_000 });
      // the checkout waits 0.4 s for the typing to settle before it asks (TOTALS_DEBOUNCE_MS)
      expect(Date.now() - typedAddress).toBeLessThan(within + 400);
      expect(await page.locator('[aria-busy="true"], .loader').count()).toBe(0);
      expect(await form.getByLabel(/^Straat/).inputValue()).toBe('Handweg');
      expect(await form.getByRole('button', { name: 'Bestelling plaatsen' }).isEnabled()).toBe(true);
    });

    test('a gift card balance and a donation say so, and can be tried again', async () => {
      const { page } = shop;
      await open('/cadeaubonnen');
      const card = page.getByRole('group', { name: 'Saldo bekijken' });
      await card.getByLabel(/^Cadeaukaartnummer/).fill('6277 1010 0000 0011');
      await card.getByLabel(/^Pincode/).fill('1234');
      const check = card.getByRole('button', { name: 'Saldo bekijken' });
      const said = card.getByRole('alert').filter({ hasText: OFFLINE });
      expect(await timed(mode, () => check.tap(), said)).toBeLessThan(within);
      expect(await check.isEnabled()).toBe(true);

      await open('/mannen-voor-mannen/movember');
      await page.getByRole('radio', { name: 'iDEAL' }).waitFor();
      await page.getByLabel('Naam').fill('Noor de Wit');
      await page.getByLabel('E-mailadres').fill(`noor-${mode}@example.nl`);
      const donate = page.getByRole('button', { name: /^Doneer / });
      expect(await timed(mode, () => donate.tap(), notification(OFFLINE))).toBeLessThan(within);
      expect(await donate.isEnabled()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/mannen-voor-mannen/movember');
    });
  });

  test('an order placed whose payment page and order state never answer: the confirmation within 8 s', async () => {
    const { page } = shop;
    await open('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 60_000 });
    await fillGuestDetails(page, { email: 'betaalpagina@example.nl' });
    await fillDeliveryAddress(page);
    await shippingMethodChosen(page);
    await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
    // the order reaches the server; then the payment page's check and the order's state are swallowed (no answer)
    const swallowed = () => new Promise<void>(() => undefined);
    await page.route(/\/pay\//, (route) => (route.request().method() === 'HEAD' ? swallowed() : route.continue()));
    await page.route(/\/api\/order\/[^/?]+(\?|$)/, (route) =>
      route.request().method() === 'GET' ? swallowed() : route.continue(),
    );
    const tapped = Date.now();
    await placeOrder(page);
    await page.getByRole('button', { name: 'Nu betalen' }).waitFor({ timeout: 25_000 });
    const took = Date.now() - tapped;
    expect(new URL(page.url()).pathname).toBe('/checkout-return/');
    expect(await notification(OFFLINE).count()).toBe(1);
    expect(took).toBeLessThan(BUDGET_MS.hung + LOADED_MACHINE_MS);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
