import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import type { OrderDelivery } from '../../contract/delivery.ts';
import type { TestServer } from '../support/test-server.ts';
import { logInAs, serviceWorkerInControl, useAppInChromium } from './browser.ts';
import {
  AMSTERDAM,
  ANTWERPEN,
  expectBelgianMethods,
  fillDeliveryAddress,
  fillGuestDetails,
  finishPayment,
  placeOrder,
  shippingMethodChosen,
  type TypedAddress,
} from './checkout-form.ts';
import { configurableProducts, type ProductDoc } from './product-picks.ts';

/**
 * Delivery in the checkout on a phone (spec 001 §1 "DHL service point, Budbee box, store pickup", §4 parcel shops,
 * §5 "A service point or store must be selected", §7 parcel shops by country and postcode): what the shopper sees and
 * the delivery the server stored on the order.
 */
let server: TestServer;
let product: ProductDoc;
let newPhonePage: () => Promise<Page>;
let context: BrowserContext | undefined;
let browser: Browser;

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

useAppInChromium({ products: 60, staticDir: 'dist' }, async (app) => {
  server = app.server;
  product = (await configurableProducts(server)).find((p) =>
    (p.configurable_children ?? []).some((c) => (c.stock?.qty ?? 0) >= 20),
  )!;
  browser = app.browser;
  newPhonePage = async () => {
    context = await app.browser.newContext(PHONE);
    return context.newPage();
  };
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** One item in the cart (on the server too), then the checkout page. */
async function toCheckout(page: Page): Promise<void> {
  const child = product.configurable_children!.find((c) => (c.stock?.qty ?? 0) >= 20)!;
  await page.goto(`${server.baseUrl}/p/${product.sku}/${product.slug ?? product.url_key}/${child.sku}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect.poll(() => page.getByTestId('cart-count').innerText()).toContain('1');
  await page.goto(`${server.baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
}

/** The checkout with personal details and a complete address: the country's methods show, the first chosen. */
async function checkoutWithAddress(page: Page, email: string, address: TypedAddress): Promise<void> {
  await toCheckout(page);
  await fillGuestDetails(page, { email });
  await fillDeliveryAddress(page, address);
  await shippingMethodChosen(page);
}

interface StoredOrder {
  increment_id: string;
  shipping_method: string;
  payment_method: string;
  shipping_address: { postcode: string; city: string; country_id: string };
  delivery: OrderDelivery;
}

/** The order the server stored for the e-mail address, once the queued order reached it. */
async function orderOf(email: string): Promise<StoredOrder> {
  let order: StoredOrder | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await server.db.query<StoredOrder>(
          `select increment_id, shipping_method, payment_method, shipping_address, delivery from orders
            where email = $1 order by id desc limit 1`,
          [email],
        );
        order = rows[0];
        return rows.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  return order!;
}

/** The order leads to the payment page; paid, the confirmation thanks the shopper. */
async function thankYou(page: Page): Promise<void> {
  await finishPayment(page, 'Betalen');
  await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 20_000 });
}
const chooseMethod = (page: Page, title: RegExp) =>
  page.locator('.delivery-choice').getByRole('radio', { name: title }).check();

describe('delivery in the checkout (spec 001 §1, §5, §7)', () => {
  test("the address is checked with the domain's postcode, house number and phone rules, in Dutch, before any method", async () => {
    const page = await newPhonePage();
    await toCheckout(page);
    await placeOrder(page);
    await expect.poll(() => page.locator('form.checkout-form').getByText('Dit veld is verplicht').count()).toBe(7);
    await fillGuestDetails(page, { email: 'adres@example.nl' });
    await fillDeliveryAddress(page, { ...AMSTERDAM, postcode: '0123 AB', houseNumber: 'nul' });
    await page
      .locator('form.checkout-form')
      .getByLabel(/^Telefoonnummer/)
      .fill('12345');
    await placeOrder(page);
    const form = page.locator('form.checkout-form');
    await form.getByText('Vul een geldige postcode en huisnummer in.').first().waitFor();
    expect(await form.getByText('Vul een geldige postcode en huisnummer in.').count()).toBe(2);
    await form.getByText('Vul een geldig mobiel nummer in: 10 tot 16 cijfers, beginnend met 0 of +31.').waitFor();
    expect(await page.locator('input[name="shipping"]').count()).toBe(0);
    await form
      .getByText('Sla eerst een adres op of kies een opgeslagen adres voordat je een verzendmethode kiest.')
      .waitFor();

    // a Belgian postcode is four digits: the same "1015 CJ" is wrong once the country is België
    await fillDeliveryAddress(page, { ...AMSTERDAM, country: 'België' });
    await form.getByLabel(/^Telefoonnummer/).fill('+32 470 12 34 56');
    await placeOrder(page);
    await expect.poll(() => form.getByText('Vul een geldige postcode en huisnummer in.').count()).toBe(1);
    await expect.poll(() => form.getByText(/Vul een geldig mobiel nummer/).count()).toBe(0);
    expect((await server.db.query("select 1 from orders where email = 'adres@example.nl'")).rows).toEqual([]);
  });

  test('DHL ServicePoint: the picker is required, lists points with distance and opening hours, and the chosen point is on the order', async () => {
    const page = await newPhonePage();
    await toCheckout(page);
    await fillGuestDetails(page, { email: 'servicepoint@example.nl' });
    // the shipping methods wait for the address (spec 001 §5)
    await page
      .getByText('Sla eerst een adres op of kies een opgeslagen adres voordat je een verzendmethode kiest.')
      .waitFor();

    // an area without ServicePoints: "No service points found."
    await fillDeliveryAddress(page, { ...AMSTERDAM, postcode: '7811 AA', city: 'Emmen' });
    await shippingMethodChosen(page);
    // the picker's code loads when its delivery is chosen: on a phone four times slower, its button is tapped the
    // moment it shows
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await chooseMethod(page, /Afhalen bij een DHL ServicePoint/);
    await page.getByRole('button', { name: 'Kies een DHL ServicePoint' }).tap();
    const dialog = page.getByRole('dialog', { name: 'DHL ServicePoints bij 7811 AA' });
    await dialog.getByText('Geen servicepunten gevonden.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await dialog.getByRole('button', { name: 'Sluiten' }).click();

    await fillDeliveryAddress(page, AMSTERDAM);
    await placeOrder(page);
    await page.getByText('Kies een afhaalpunt of winkel.').waitFor();
    expect((await server.db.query("select 1 from orders where email = 'servicepoint@example.nl'")).rows).toEqual([]);

    await page.getByRole('button', { name: 'Kies een DHL ServicePoint' }).click();
    const amsterdam = page.getByRole('dialog', { name: 'DHL ServicePoints bij 1015 CJ' });
    const first = amsterdam.locator('.parcel-shop').first();
    await first.waitFor();
    expect(await first.innerText()).toMatch(
      /DHL ServicePoint .+\d+(,\d)? k?m[\s\S]*Amsterdam[\s\S]*maandag t\/m vrijdag 08:00–20:00/,
    );
    const pointName = (await first.locator('strong').innerText()).trim();
    // a pick closes the named modal, which leaves the page with its radios: a tap, not check(), which reads it after
    await first.getByRole('radio').tap();
    await expect.poll(() => page.locator('.parcel-shop-chosen').innerText()).toContain(pointName);
    await expect.poll(() => page.getByText('Kies een afhaalpunt of winkel.').count()).toBe(0);

    await placeOrder(page);
    await thankYou(page);
    const order = await orderOf('servicepoint@example.nl');
    expect(order.shipping_method).toBe('dhl_servicepoint');
    expect(order.delivery).toMatchObject({
      method_title: 'Afhalen bij een DHL ServicePoint',
      point: { carrier: 'dhl', name: pointName, address: { city: 'Amsterdam' } },
      store: null,
    });
  });

  test("Budbee: the boxes near the postcode show on the shipping step (offline: the spec's failure text and a retry), and the chosen box is on the order", async () => {
    const page = await newPhonePage();
    await checkoutWithAddress(page, 'budbee@example.nl', AMSTERDAM);
    // the shop is installed (the service worker holds the pickers' code, loaded when a pickup method is chosen)
    await serviceWorkerInControl(page);
    await context!.setOffline(true);
    // the app has heard it (its badge shows) and told its worker, before the method's boxes are asked for
    await page.locator('.offline-badge').waitFor();
    await chooseMethod(page, /Budbee-box/);
    await page.getByText('De locaties konden niet worden geladen. Probeer het opnieuw!').waitFor();
    await context!.setOffline(false);
    await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
    const box = page.locator('.delivery-choice .parcel-shop').first();
    await box.waitFor();
    expect(await box.innerText()).toMatch(/Budbee-box .+ k?m[\s\S]*maandag t\/m zondag 00:00–23:59/);
    const boxName = (await box.locator('strong').innerText()).trim();
    await box.getByRole('radio').check();

    await placeOrder(page);
    await thankYou(page);
    const order = await orderOf('budbee@example.nl');
    expect(order.delivery).toMatchObject({ carrier_code: 'budbee', point: { carrier: 'budbee', name: boxName } });
  });

  test("offline before the service worker holds the pickers' code: the step says so in Dutch, the checkout stays, and online the boxes come", async () => {
    context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await checkoutWithAddress(page, 'zonder-installatie@example.nl', AMSTERDAM);
    await context.setOffline(true);
    await page.locator('.offline-badge').waitFor();
    await chooseMethod(page, /Budbee-box/);
    await page
      .getByRole('alert')
      .getByText('Dit onderdeel kan nu niet worden geladen. Controleer je verbinding en probeer het opnieuw.')
      .waitFor();
    expect(await page.locator('form.checkout-form').getByLabel('E-mailadres').inputValue()).toBe(
      'zonder-installatie@example.nl',
    );
    // back online, the method chosen again asks for the code again
    await context.setOffline(false);
    await chooseMethod(page, /Afhalen bij een DHL ServicePoint/);
    await chooseMethod(page, /Budbee-box/);
    await page.locator('.delivery-choice .parcel-shop').first().waitFor({ timeout: 15_000 });
  });

  test('store pickup: a store of the country is chosen from the select and stored on the order', async () => {
    const page = await newPhonePage();
    await checkoutWithAddress(page, 'afhalen@example.nl', AMSTERDAM);
    await chooseMethod(page, /Gratis afhalen in de winkel/);
    const select = page.getByLabel('Afhaalwinkel');
    await placeOrder(page);
    await page.getByText('Kies een afhaalpunt of winkel.').waitFor();

    const options = await select.locator('option').allInnerTexts();
    const { rows: stores } = await server.db.query<{ id: number; name: string; city: string }>(
      "select id, name, city from store_locations where country_id = 'NL' order by city, name",
    );
    expect(options.slice(1).sort()).toEqual(stores.map((s) => `${s.name} (${s.city})`).sort());
    await select.selectOption({ label: `${stores[0].name} (${stores[0].city})` });

    await placeOrder(page);
    await thankYou(page);
    const order = await orderOf('afhalen@example.nl');
    expect(order.delivery).toMatchObject({ carrier_code: 'storepickup', point: null, store: { id: stores[0].id } });
  });

  test('a Belgian address gets the BE methods and its order is placed with one', async () => {
    const page = await newPhonePage();
    await checkoutWithAddress(page, 'belgie@example.be', ANTWERPEN);
    await expectBelgianMethods(page);
    await page.getByRole('radio', { name: 'Creditcard (Visa, Mastercard)' }).check();

    await placeOrder(page);
    await thankYou(page);
    const order = await orderOf('belgie@example.be');
    expect(order).toMatchObject({
      shipping_method: 'dhl_home_be',
      payment_method: 'creditcard',
      shipping_address: { postcode: '2000', city: 'Antwerpen', country_id: 'BE' },
      delivery: { method_code: 'home_be', point: null, store: null },
    });
  });

  test("a member picks a saved Belgian address, collects in a store, and the order's detail page shows the delivery", async () => {
    const page = await newPhonePage();
    await logInAs(page, server.baseUrl, 'demo@ofm-shop.nl', 'Welkom#2026');
    await toCheckout(page);
    await page.getByRole('radio', { name: /Antwerpen \(BE\)/ }).check();
    await expect.poll(() => page.getByLabel(/^Straat/).count()).toBe(0);
    await expect.poll(() => page.locator('input[name="shipping"]').first().getAttribute('value')).toBe('dhl:home_be');
    await chooseMethod(page, /Gratis afhalen in de winkel/);
    const { rows } = await server.db.query<{ id: number; name: string; city: string }>(
      "select id, name, city from store_locations where country_id = 'BE' order by city, name limit 1",
    );
    await page.getByLabel('Afhaalwinkel').selectOption({ label: `${rows[0].name} (${rows[0].city})` });
    await page.getByRole('radio', { name: 'Creditcard (Visa, Mastercard)' }).check();
    await placeOrder(page);
    // placed, on its way to the payment page: the order waits for its payment
    await page.waitForURL(/\/pay\//, { timeout: 20_000 });

    const order = await orderOf('demo@ofm-shop.nl');
    expect(order.delivery.store).toMatchObject({ id: rows[0].id });
    await page.goto(`${server.baseUrl}/mijn-account/aankopen/${order.increment_id}`);
    const details = page.locator('.order-delivery');
    await details.waitFor({ timeout: 15_000 });
    const text = await details.innerText();
    expect(text).toMatch(/Bezorgadres\s+[^]*?2000 Antwerpen \(BE\)/);
    expect(text).toContain(`OFM winkel – Gratis afhalen in de winkel`);
    expect(text).toContain(rows[0].name);
    expect(text).toMatch(/Betaalmethode\s+Creditcard \(Visa, Mastercard\)/);
    await page
      .locator('.account-content')
      .getByText(/ · In afwachting$/)
      .waitFor();
  });
});
