import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice } from '../../domain/money.ts';
import type { TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';
import {
  acceptTerms,
  fillDeliveryAddress,
  fillGuestDetails,
  finishPayment,
  placeOrderButton,
  segments,
} from './checkout-form.ts';
import { addFirstToCart } from './product-picks.ts';

/**
 * Gift cards for real (spec 001 §1; docs/checkout-and-orders.md "Gift cards") on a 412 px phone with the CPU 4× slower,
 * each control tapped the moment it shows: the balance check on /cadeaubonnen, and "Cadeaukaart" in the checkout
 * asking the card, which then pays part of the order: the mini cart, the cart page, the checkout summary and the
 * payment page say what is left to pay, and that is what the payment is for.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 30, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
});

const EUR = (cents: number) => formatPrice(cents).replace(/\s/g, ' ');

/** A phone with Lighthouse's mobile CPU: four times slower. */
async function slowPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser);
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Taps the control the moment it is on the screen. */
async function tapOnSight(control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible', timeout: 20_000 });
  await control.tap();
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
}

/** The cards open carts pay with on the server (only the checkout test's cart has one). */
async function cardsOnCarts(): Promise<string[]> {
  const { rows } = await server.db.query<{ card_number: string }>(
    `select g.card_number from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
       join carts c on c.id = cg.cart_pk where c.is_active`,
  );
  return rows.map((r) => r.card_number);
}
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

async function balanceOf(number: string): Promise<number> {
  const { rows } = await server.db.query<{ balance_cents: number }>(
    'select balance_cents from gift_cards where card_number = $1',
    [number],
  );
  return rows[0]!.balance_cents;
}

async function addSuit(page: Page): Promise<void> {
  const { rows } = await server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
    `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
       join stock_items s on s.sku = c.sku
      where c.price_cents >= 10000 and s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
  );
  const suit = rows[0]!;
  await addFirstToCart(page, { url: `${server.baseUrl}/p/${suit.parent}/${suit.slug}/${suit.sku}`, name: suit.name });
}

describe('gift cards on a phone', () => {
  test('/cadeaubonnen checks a balance: a wrong PIN is refused in Dutch, the right one shows what is left', async () => {
    const { context, page } = await slowPhone();
    try {
      // a fresh navigation, and the card typed and checked the moment the form shows
      await page.goto(`${server.baseUrl}/cadeaubonnen`, { waitUntil: 'commit' });
      const check = page.getByRole('group', { name: 'Saldo bekijken' });
      await check.getByLabel(/^Cadeaukaartnummer/).fill('6277 1010 0000 0011', { timeout: 20_000 });
      await check.getByLabel(/^Pincode/).fill('9999');
      await tapOnSight(check.getByRole('button', { name: 'Saldo bekijken' }));
      await expect
        .poll(() => text(check.getByRole('alert')), { timeout: 10_000 })
        .toBe('Dit cadeaukaartnummer en deze pincode horen niet bij elkaar.');
      await check.getByLabel(/^Pincode/).fill('1234');
      await check.getByRole('button', { name: 'Saldo bekijken' }).tap();
      await expect
        .poll(() => text(check.getByRole('status')), { timeout: 10_000 })
        .toBe(`Saldo op cadeaukaart •••• 0011: ${EUR(5000)}`);
      // a number that cannot be a card is refused before asking the server
      await check.getByLabel(/^Cadeaukaartnummer/).fill('1234');
      await check.getByRole('button', { name: 'Saldo bekijken' }).tap();
      await expect
        .poll(() => text(check.getByRole('alert')))
        .toBe('Vul de 16 cijfers van je cadeaukaart en de pincode van 4 cijfers in.');
      expect(await balanceOf('6277101000000011')).toBe(5000);
      await fitsThePhone(page);
    } finally {
      await context.close();
    }
  });

  test('"Cadeaukaart" asks the card, which pays € 25 of the order: every screen says what is left, and the payment is for that', async () => {
    const { context, page } = await slowPhone();
    try {
      await addSuit(page);
      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
      await fillGuestDetails(page, { email: 'cadeaukaart@example.nl' });
      await fillDeliveryAddress(page);
      const form = page.locator('form.checkout-form');
      await tapOnSight(form.getByRole('radio', { name: 'Cadeaukaart' }));
      const card = page.getByRole('group', { name: 'Cadeaukaart gebruiken' });
      const useCard = async (number: string, pin: string) => {
        await card.getByLabel(/^Cadeaukaartnummer/).fill(number);
        await card.getByLabel(/^Pincode/).fill(pin);
        await tapOnSight(card.getByRole('button', { name: 'Cadeaukaart gebruiken' }));
      };
      const summary = page.locator('.checkout-summary').getByTestId('totals');

      // a € 50 card first, then "Cadeaukaart verwijderen": gone from the summary and from the server's cart
      await useCard('6277 1010 0000 0011', '1234');
      await expect
        .poll(async () => (await segments(summary))['Cadeaukaart •••• 0011'], { timeout: 20_000 })
        .toBe(`-${EUR(5000)}`);
      await tapOnSight(page.getByRole('button', { name: 'Cadeaukaart verwijderen' }));
      await expect
        .poll(async () => Object.keys(await segments(summary)), { timeout: 20_000 })
        .not.toContain('Te betalen');
      expect(await cardsOnCarts()).toEqual([]);

      // the € 25 card pays part of the order
      await useCard('6277 1010 0000 0029', '4321');
      await expect
        .poll(async () => (await segments(summary))['Cadeaukaart •••• 0029'], { timeout: 15_000 })
        .toBe(`-${EUR(2500)}`);
      const shown = await segments(summary);
      const totalCents = Number(shown.Totaal!.replace(/[^\d]/g, ''));
      const toPay = EUR(totalCents - 2500);
      expect(shown['Te betalen']).toBe(toPay);
      expect(await text(page.getByTestId('gift-card-applied'))).toContain(
        `Je cadeaukaart betaalt ${EUR(2500)}. Kies een betaalmethode voor de rest: ${toPay}.`,
      );
      expect(await cardsOnCarts()).toEqual(['6277101000000029']);
      await fitsThePhone(page);

      // the mini cart says the same
      await page.goto(`${server.baseUrl}/`);
      await tapOnSight(page.locator('.minicart-button'));
      const mini = page.locator('.microcart').getByTestId('totals');
      await expect.poll(async () => (await segments(mini))['Te betalen'], { timeout: 15_000 }).toBe(toPay);

      // the cart page says the same
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      const cartTotals = page.locator('.cart-page').getByTestId('totals');
      await expect.poll(async () => (await segments(cartTotals))['Te betalen'], { timeout: 15_000 }).toBe(toPay);
      await fitsThePhone(page);

      // back in the checkout (the details kept on the device): the rest by iDEAL
      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
      await form.getByRole('radio', { name: 'iDEAL' }).check();
      await acceptTerms(page);
      await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await segments(summary))['Te betalen'], { timeout: 15_000 }).toBe(toPay);
      await placeOrderButton(page).click();
      await page.waitForURL(/\/pay\//, { timeout: 20_000 });
      expect(await segments(page.locator('dl'))).toMatchObject({ 'Cadeaukaart': `-${EUR(2500)}`, 'Te betalen': toPay });
      await finishPayment(page, 'Betalen');

      const { rows } = await server.db.query<{ grand_total_cents: number; amount_cents: number; method: string }>(
        `select o.grand_total_cents, p.amount_cents, p.method from orders o join payments p on p.order_pk = o.id
          where o.email = 'cadeaukaart@example.nl'`,
      );
      expect(rows).toEqual([{ grand_total_cents: totalCents, amount_cents: totalCents - 2500, method: 'ideal' }]);
      expect(await balanceOf('6277101000000029')).toBe(0);
      expect(await balanceOf('6277101000000011'), 'the card taken off again is not spent').toBe(5000);
    } finally {
      await context.close();
    }
  });
});
