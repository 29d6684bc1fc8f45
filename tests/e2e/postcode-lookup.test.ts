import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { DEMO_CUSTOMER } from '../../server/seed/index.ts';
import { logInAs, openPage, useShopInChromium } from './browser.ts';
import { fillGuestDetails, finishPayment, placeOrder, shippingMethodChosen } from './checkout-form.ts';
import { addFirstToCart, stockedSize } from './product-picks.ts';

/**
 * The postcode lookup (spec 000 §9 "Postcode lookup is allowed for NL and BE"; docs/checkout-and-orders.md "Postcode
 * lookup") in the checkout on a 412 px phone with the CPU 4× slower: postcode and house number fill street and city,
 * and the order the server stores has them; a street the shopper typed first is kept.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 12, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
});

/** A phone with Lighthouse's mobile CPU: four times slower. */
async function slowPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser);
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** A product in the cart and the checkout open, as a guest. */
async function checkoutWithProduct(page: Page, email: string): Promise<void> {
  await addFirstToCart(page, await stockedSize(server));
  await page.goto(`${server.baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
  await fillGuestDetails(page, { email });
}

/** The seeded street and city of a postcode (the odd side of a generated Utrecht street). */
async function seededAddress(postcode: string): Promise<{ street: string; city: string }> {
  const { rows } = await server.db.query<{ street: string; city: string }>(
    'select street, city from postcode_addresses where postcode = $1 order by id limit 1',
    [postcode],
  );
  return rows[0]!;
}

const lookupStatus = (page: Page) => page.getByTestId('address-lookup-status').innerText();

describe('postcode lookup in the checkout on a phone', () => {
  test('postcode and house number fill street and city; the order the server stores has them', async () => {
    const expected = await seededAddress('3521AA');
    expect(expected.city).toBe('Utrecht');
    const { context, page } = await slowPhone();
    try {
      await checkoutWithProduct(page, 'postcode@example.nl');
      const form = page.locator('form.checkout-form');
      await form.getByLabel(/^Land/).selectOption({ label: 'Nederland' });
      await form.getByLabel(/^Postcode/).fill('3521 aa');
      await form.getByLabel(/^Huisnummer/).fill('7');
      await expect.poll(() => lookupStatus(page), { timeout: 15_000 }).toBe('Adres gevonden');
      expect(await form.getByLabel(/^Straat/).inputValue()).toBe(expected.street);
      expect(await form.getByLabel(/^Plaats/).inputValue()).toBe('Utrecht');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

      await shippingMethodChosen(page);
      await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
      await placeOrder(page);
      const number = await finishPayment(page, 'Betalen');
      const { rows } = await server.db.query<{ street: string[]; city: string; postcode: string }>(
        `select array(select jsonb_array_elements_text(shipping_address->'street')) as street,
                shipping_address->>'city' as city, shipping_address->>'postcode' as postcode
           from orders where increment_id = $1`,
        [number],
      );
      expect(rows).toEqual([{ street: [expected.street, '7'], city: 'Utrecht', postcode: '3521 AA' }]);
    } finally {
      await context.close();
    }
  });

  test('a street the shopper typed first is kept; the empty city is filled; an unknown postcode says so', async () => {
    const { context, page } = await slowPhone();
    try {
      await checkoutWithProduct(page, 'eigen-straat@example.nl');
      const form = page.locator('form.checkout-form');
      const street = form.getByLabel(/^Straat/);
      const city = form.getByLabel(/^Plaats/);
      await form.getByLabel(/^Land/).selectOption({ label: 'Nederland' });
      await street.fill('Achter de Dom');
      await form.getByLabel(/^Postcode/).fill('3521AA');
      await form.getByLabel(/^Huisnummer/).fill('9');
      await expect.poll(() => lookupStatus(page), { timeout: 15_000 }).toBe('Adres gevonden');
      expect(await city.inputValue()).toBe('Utrecht');
      expect(await street.inputValue()).toBe('Achter de Dom');

      // a postcode the lookup does not know: the shopper is told to type them, and nothing they typed is lost
      await form.getByLabel(/^Postcode/).fill('3599ZZ');
      await expect
        .poll(() => lookupStatus(page), { timeout: 15_000 })
        .toBe('Postcode niet gevonden, vul straat en plaats zelf in');
      expect(await street.inputValue()).toBe('Achter de Dom');
      expect(await city.inputValue()).toBe(''); // the lookup's Utrecht belonged to the other postcode
      await city.fill('Utrecht');
      expect(await form.locator('.field-error').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('postcode lookup in the account address book on a phone', () => {
  test('an NL postcode and house number fill street and city; switched to BE the gemeente replaces the city', async () => {
    const expected = await seededAddress('3521AB'); // the even side of the same street
    const { context, page } = await slowPhone();
    try {
      await logInAs(page, server.baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto(`${server.baseUrl}/mijn-account/persoonlijke-gegevens/`);
      await page.getByRole('heading', { level: 1, name: 'Persoonlijke gegevens' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Adres toevoegen' }).click();
      const form = page.locator('.address-form');
      const status = () => form.getByTestId('address-lookup-status').innerText();
      await form.getByLabel(/^Huisnummer/).fill('8');
      await form.getByLabel(/^Postcode/).fill('3521AB');
      await expect.poll(status, { timeout: 15_000 }).toBe('Adres gevonden');
      expect(await form.getByLabel('Straat').inputValue()).toBe(expected.street);
      expect(await form.getByLabel(/^Plaats/).inputValue()).toBe('Utrecht');

      await form.getByLabel('Land').selectOption({ label: 'België' });
      await form.getByLabel(/^Postcode/).fill('2000');
      await expect.poll(status, { timeout: 15_000 }).toBe('Plaats gevonden, vul de straat zelf in');
      expect(await form.getByLabel(/^Plaats/).inputValue()).toBe('Antwerpen');
      await form.getByLabel('Straat').fill('Meir');
      await form.getByRole('button', { name: 'Adres opslaan' }).click();
      await page.locator('.address-list').getByText('Meir 8, 2000 Antwerpen (BE)').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
