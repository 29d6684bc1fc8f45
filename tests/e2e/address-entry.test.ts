import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { logInAs, openPage, useShopInChromium } from './browser.ts';
import { fillGuestDetails, finishPayment, placeOrder, shippingMethodChosen } from './checkout-form.ts';
import { addFirstToCart, stockedSize } from './product-picks.ts';

/**
 * Address entry and the directory's countries on a 412 px phone (spec 001 §3 address labels, §7 directory;
 * docs/customer-account.md "Addresses", docs/checkout-and-orders.md "Countries"): a business address with middle name,
 * company and btw-nummer in the address book, and a checkout whose countries are the directory's shipping ones.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 12, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  // the shop starts delivering to Germany: home delivery and credit card there, so the directory says DE ships
  await server.db.query(`update shipping_methods set countries = countries || '{DE}' where method_code = 'home'`);
  await server.db.query(`update payment_methods set countries = countries || '{DE}' where code = 'creditcard'`);
});

const PASSWORD = 'Zomer#Jas2026';
const USER = '/api/ext/shop/user';

type SavedAddress = { middlename: string | null; company: string | null; vat_id: string | null; street: string[] };

describe('address entry on a phone', () => {
  test('the address book keeps a business address with middle name, company and btw-nummer', async () => {
    const email = `zakelijk.${randomBytes(4).toString('hex')}@example.nl`;
    const created = await api(server, 'POST', `${USER}/create`, {
      customer: { email, firstname: 'Joost', lastname: 'Berg' },
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    const { context, page } = await openPage(browser);
    try {
      await logInAs(page, server.baseUrl, email, PASSWORD);
      await page.goto(`${server.baseUrl}/mijn-account/persoonlijke-gegevens/`);
      await page.getByRole('button', { name: 'Adres toevoegen' }).click();
      const form = page.locator('.address-form');
      // the address book offers every country of the directory, not only those the shop delivers to
      const countries = await form.getByLabel(/^Land/).locator('option').allInnerTexts();
      expect(countries).toEqual(expect.arrayContaining(['Nederland', 'België', 'Duitsland', 'Frankrijk']));
      await form.getByLabel('Tussenvoegsel').fill('van der');
      expect(await form.getByLabel(/^Bedrijfsnaam/).count()).toBe(0);
      await form.getByLabel('Zakelijk adres').check();
      await form.getByLabel(/^Bedrijfsnaam/).fill('Kleermakerij Berg B.V.');
      await form.getByLabel('Btw-nummer').fill('NL123456789B01');
      await form.getByLabel('Straat').fill('Prinsengracht');
      await form.getByLabel(/^Huisnummer/).fill('263');
      await form.getByLabel(/^Postcode/).fill('1016gv');
      await form.getByLabel(/^Plaats/).fill('Amsterdam');
      await form.getByRole('button', { name: 'Adres opslaan' }).click();
      await page.getByText('Je accountgegevens zijn bijgewerkt').waitFor({ timeout: 15_000 });

      await page.reload();
      const list = page.locator('.address-list');
      await list.getByText('Joost van der Berg').waitFor({ timeout: 15_000 });
      await list.getByText('Kleermakerij Berg B.V., Btw-nummer NL123456789B01').waitFor();
      await list.getByText('Prinsengracht 263, 1016 GV Amsterdam (NL)').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

      const token = (await api<string>(server, 'POST', `${USER}/login`, { username: email, password: PASSWORD })).body
        .result;
      const me = await api<{ addresses: SavedAddress[] }>(server, 'GET', `${USER}/me?token=${token}`);
      expect(me.body.result.addresses).toEqual([
        expect.objectContaining({
          middlename: 'van der',
          company: 'Kleermakerij Berg B.V.',
          vat_id: 'NL123456789B01',
          street: ['Prinsengracht', '263'],
        }),
      ]);
    } finally {
      await context.close();
    }
  });

  test("the checkout offers the directory's shipping countries and says so; the order keeps country, company and btw-nummer", async () => {
    const directory = await api<{ id: string; full_name_locale: string; shipping_available: boolean }[]>(
      server,
      'GET',
      '/api/directory/countries?storeCode=nl',
    );
    const shipping = directory.body.result.filter((c) => c.shipping_available).map((c) => c.full_name_locale);
    expect(shipping).toEqual(['Nederland', 'België', 'Duitsland']);

    const { context, page } = await openPage(browser);
    try {
      await addFirstToCart(page, await stockedSize(server));
      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
      await fillGuestDetails(page, { email: 'duitsland@example.nl', firstname: 'Anna', lastname: 'Berg' });
      const form = page.locator('form.checkout-form');
      await form.getByLabel('Tussenvoegsel').fill('von');
      const country = form.getByLabel(/^Land/);
      await expect.poll(() => country.locator('option').allInnerTexts(), { timeout: 15_000 }).toEqual(shipping);
      await form.getByText('We bezorgen in Nederland, België en Duitsland.').waitFor();

      await country.selectOption({ label: 'Duitsland' });
      await form.getByLabel(/^Postcode/).fill('10115');
      await form.getByLabel(/^Huisnummer/).fill('5');
      await form.getByLabel(/^Straat/).fill('Invalidenstraße');
      await form.getByLabel(/^Plaats/).fill('Berlin');
      await form.getByLabel('Zakelijk adres').check();
      await form.getByLabel(/^Bedrijfsnaam/).fill('Berg Mode GmbH');
      await form.getByLabel('Btw-nummer').fill('DE123456789');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

      await shippingMethodChosen(page);
      await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
      await placeOrder(page);
      const number = await finishPayment(page, 'Betalen');
      const order = await server.db.query<{ shipping_address: Record<string, unknown> }>(
        'select shipping_address from orders where increment_id = $1',
        [number],
      );
      expect(order.rows[0].shipping_address).toMatchObject({
        firstname: 'Anna',
        middlename: 'von',
        lastname: 'Berg',
        country_id: 'DE',
        city: 'Berlin',
        company: 'Berg Mode GmbH',
        vat_id: 'DE123456789',
      });
    } finally {
      await context.close();
    }
  });

  test('a saved address in a country the shop does not deliver to is shown disabled with the reason, and not chosen', async () => {
    const email = `parijs.${randomBytes(4).toString('hex')}@example.nl`;
    await api(server, 'POST', `${USER}/create`, {
      customer: { email, firstname: 'Lotte', lastname: 'Smit' },
      password: PASSWORD,
    });
    const token = (await api<string>(server, 'POST', `${USER}/login`, { username: email, password: PASSWORD })).body
      .result;
    const saved = (street: string[], city: string, postcode: string, country_id: string, extra = {}) => ({
      firstname: 'Lotte',
      lastname: 'Smit',
      street,
      city,
      postcode,
      country_id,
      ...extra,
    });
    const stored = await api(server, 'POST', `${USER}/me?token=${token}`, {
      customer: {
        email,
        firstname: 'Lotte',
        lastname: 'Smit',
        addresses: [
          // the default delivery address is in France, where no shipping method goes
          saved(['Rue de Rivoli', '1'], 'Paris', '75001', 'FR', { default_shipping: true }),
          saved(['Oudegracht', '12'], 'Utrecht', '3511 AB', 'NL'),
          saved(['Invalidenstraße', '5'], 'Berlin', '10115', 'DE'),
        ],
      },
    });
    expect(stored.status).toBe(200);

    const { context, page } = await openPage(browser);
    try {
      await logInAs(page, server.baseUrl, email, PASSWORD);
      const product = (
        await server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
          `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
             join stock_items s on s.sku = c.sku
            where s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
        )
      ).rows[0]!;
      await addFirstToCart(page, {
        url: `${server.baseUrl}/p/${product.parent}/${product.slug}/${product.sku}`,
        name: product.name,
      });
      await page.goto(`${server.baseUrl}/checkout`);
      const choice = page.locator('.saved-addresses');
      const paris = choice.getByRole('radio', { name: /Rue de Rivoli 1/ });
      const utrecht = choice.getByRole('radio', { name: /Oudegracht 12/ });
      const berlin = choice.getByRole('radio', { name: /Invalidenstraße 5/ });
      await choice.getByText('We bezorgen niet in Frankrijk').waitFor({ timeout: 15_000 });
      expect(await paris.isDisabled()).toBe(true);
      expect(await paris.getAttribute('aria-describedby')).toBeTruthy();
      // the default address cannot be the delivery address: the first one the shop delivers to is chosen instead
      await expect.poll(() => utrecht.isChecked(), { timeout: 15_000 }).toBe(true);
      expect(await paris.isChecked()).toBe(false);
      expect(await berlin.isDisabled()).toBe(false);
      expect(await choice.getByText('We bezorgen niet in').count()).toBe(1);
      // a tap on the French address changes nothing
      await choice.locator('label.radio-disabled').click({ force: true });
      expect(await utrecht.isChecked()).toBe(true);
      expect(await paris.isChecked()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
    } finally {
      await context.close();
    }
  });
});
