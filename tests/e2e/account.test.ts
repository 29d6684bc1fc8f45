import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer.ts';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium } from './browser.ts';

/** Account UI (issue 4 pages) on the real session engine: guard, validation texts, login, profile, logout. */
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer({ products: 20, staticDir: 'dist' });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('account pages (issue 4)', () => {
  test('a guest on an account page is asked to log in', async () => {
    await page.goto(`${server.baseUrl}/mijn-account/aankopen/`);
    await page.getByText('Je moet ingelogd zijn om deze pagina te bekijken').waitFor();
  });

  test('register shows the spec 001 §5 validation texts in Dutch', async () => {
    await page.goto(`${server.baseUrl}/login/`);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await page.locator('main').getByLabel('Voornaam').fill('J');
    await page.locator('main').getByLabel('E-mailadres').fill('geen-adres');
    await page.locator('main').getByLabel(/^Wachtwoord/).fill('kort');
    await page.locator('main').getByLabel('Herhaal wachtwoord').fill('anders');
    await page.locator('form').getByRole('button', { name: 'Account aanmaken' }).click();
    await page.getByText('Een naam heeft minimaal 2 letters.').waitFor();
    await page.getByText('Vul een geldig e-mailadres in.').waitFor();
    await page.getByText('Je wachtwoord moet minimaal 8 tekens hebben.').waitFor();
    await page.getByText('De wachtwoorden moeten gelijk zijn.').waitFor();
    await page.getByText('Dit veld is verplicht').first().waitFor();
  });

  test('the demo customer logs in, sees the account, profile, order history and the details of an order, and logs out', async () => {
    await page.goto(`${server.baseUrl}/login/`);
    await page.locator('main').getByLabel('E-mailadres').fill(DEMO_CUSTOMER.email);
    await page.locator('main').getByLabel(/^Wachtwoord/).fill(DEMO_CUSTOMER.password);
    await page.locator('form').getByRole('button', { name: 'Inloggen' }).click();
    await page.locator('.account-content').getByText('Welkom terug').waitFor({ timeout: 15_000 });
    expect(await page.locator('.account-content').innerText()).toContain(DEMO_CUSTOMER.firstname);

    await page.getByRole('link', { name: 'Persoonlijke gegevens' }).click();
    await page.getByRole('heading', { level: 1, name: 'Persoonlijke gegevens' }).waitFor();
    await page.waitForFunction(
      (name) => (document.querySelector('input[name="lastname"]') as HTMLInputElement | null)?.value === name,
      DEMO_CUSTOMER.lastname,
    );

    await page.getByRole('link', { name: 'Aankopen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aankopen' }).waitFor();
    const firstOrder = page.locator('.order-table tbody a').first();
    await firstOrder.waitFor({ timeout: 15_000 });
    const incrementId = await firstOrder.innerText();
    await firstOrder.click();
    await page.getByRole('heading', { level: 1, name: `Bestelgegevens ${incrementId}` }).waitFor();
    await page.locator('.order-items li').first().waitFor();

    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.getByText('Je bent uitgelogd').waitFor();
    await page.getByText('Je moet ingelogd zijn om deze pagina te bekijken').waitFor();
  });
  test('the demo customer sees the OFM Club level and points, the seeded coupons (an invalid code is refused in Dutch) and an in-store purchase', async () => {
    await page.goto(`${server.baseUrl}/login/`);
    await page.locator('main').getByLabel('E-mailadres').fill(DEMO_CUSTOMER.email);
    await page.locator('main').getByLabel(/^Wachtwoord/).fill(DEMO_CUSTOMER.password);
    await page.locator('form').getByRole('button', { name: 'Inloggen' }).click();
    await page.locator('.account-content').getByText('Welkom terug').waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: 'OFM Club' }).click();
    await page.getByRole('heading', { level: 1, name: 'OFM Club' }).waitFor();
    await page.locator('.loyalty-level').waitFor({ timeout: 15_000 });
    expect(['Brons', 'Zilver', 'Goud']).toContain(await page.locator('.loyalty-level').innerText());
    expect(await page.locator('.loyalty-points').innerText()).toMatch(/^-?\d+$/);
    expect(await page.locator('.loyalty-history tbody tr').first().innerText()).toMatch(/\d{2}:\d{2} \d{1,2}-\d{1,2}-\d{4}/);

    await page.getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.locator('.coupon-list').getByText('DAAN-VERJAARDAG').waitFor();
    await page.locator('main').getByLabel('Couponcode').fill('GEEN-GELDIGE-CODE');
    await page.locator('form').getByRole('button', { name: 'Coupon toevoegen' }).click();
    await page.getByText('Dit is geen geldige couponcode.').waitFor();

    await page.getByRole('link', { name: 'Aankopen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Winkelaankopen' }).waitFor();
    const purchase = page.locator('.store-purchases tbody a').first();
    await purchase.waitFor({ timeout: 15_000 });
    await purchase.click();
    await page.getByRole('heading', { level: 1, name: 'Winkelaankoop' }).waitFor();
    await page.locator('.order-items li').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.account-content').innerText()).toContain('Totaal');
  });

  test('an address is added on the personal details page (street, house number, affix) and saved through the profile update', async () => {
    await page.goto(`${server.baseUrl}/mijn-account/persoonlijke-gegevens/`);
    await page.getByRole('heading', { level: 1, name: 'Persoonlijke gegevens' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Adres toevoegen' }).click();
    const form = page.locator('.address-form');
    await form.getByLabel('Straat').fill('Prinsengracht');
    await form.getByLabel(/^Huisnummer/).fill('263');
    await form.getByLabel('Toevoeging').fill('B');
    await form.getByLabel(/^Postcode/).fill('0123 AB');
    await form.getByLabel(/^Plaats/).fill('Amsterdam');
    await form.getByRole('button', { name: 'Adres opslaan' }).click();
    await form.getByText('Vul een geldige postcode en huisnummer in.').waitFor();
    await form.getByLabel(/^Postcode/).fill('1016gv');
    await form.getByRole('button', { name: 'Adres opslaan' }).click();
    await page.getByText('Je accountgegevens zijn bijgewerkt').waitFor({ timeout: 15_000 });
    await page.locator('.address-list').getByText('Prinsengracht 263 B, 1016 GV Amsterdam').waitFor();

    const login = await api<string>(server, 'POST', '/api/ext/shop/user/login', { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    const me = await api<{ addresses: { street: string[]; postcode: string }[] }>(server, 'GET', `/api/ext/shop/user/me?token=${login.body.result}`);
    expect(me.body.result.addresses).toContainEqual(expect.objectContaining({ street: ['Prinsengracht', '263 B'], postcode: '1016 GV' }));
  });
});
