import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer.ts';
import { SESSION_TTL_SECONDS } from '../../server/auth/config.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { DESKTOP, PHONE, logInAs, useAppInChromium } from './browser.ts';

/** Account UI (spec 001 §2 pages) on the real session engine: guard, validation texts, login, profile, logout. */
let server: TestServer;
let browser: Browser;
let page: Page;

useAppInChromium({ products: 20, staticDir: 'dist' }, (app) => ({ server, browser, page } = app));

describe('account pages (spec 001 §2)', () => {
  test('a guest on an account page is asked to log in', async () => {
    await page.goto(`${server.baseUrl}/mijn-account/aankopen/`);
    await page.getByText('Je moet ingelogd zijn om deze pagina te bekijken').waitFor();
  });

  test('register shows the spec 001 §5 validation texts in Dutch', async () => {
    await page.goto(`${server.baseUrl}/login/`);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await page.locator('main').getByLabel('Voornaam').fill('J');
    await page.locator('main').getByLabel('E-mailadres').fill('geen-adres');
    await page
      .locator('main')
      .getByLabel(/^Wachtwoord/)
      .fill('kort');
    await page.locator('main').getByLabel('Herhaal wachtwoord').fill('anders');
    await page.locator('form').getByRole('button', { name: 'Account aanmaken' }).click();
    await page.getByText('Een naam heeft minimaal 2 letters.').waitFor();
    await page.getByText('Vul een geldig e-mailadres in.').waitFor();
    await page.getByText('Je wachtwoord moet minimaal 8 tekens hebben.').waitFor();
    await page.getByText('De wachtwoorden moeten gelijk zijn.').waitFor();
    await page.getByText('Dit veld is verplicht').first().waitFor();
  });

  test('the demo customer logs in, sees the account, profile, order history and the details of an order, and logs out', async () => {
    await logInAs(page, server.baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
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
    await logInAs(page, server.baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

    await page.getByRole('link', { name: 'OFM Club' }).click();
    await page.getByRole('heading', { level: 1, name: 'OFM Club' }).waitFor();
    await page.locator('.loyalty-level').waitFor({ timeout: 15_000 });
    expect(['Brons', 'Zilver', 'Goud']).toContain(await page.locator('.loyalty-level').innerText());
    expect(await page.locator('.loyalty-points').innerText()).toMatch(/^-?\d+$/);
    expect(await page.locator('.loyalty-history tbody tr').first().innerText()).toMatch(
      /\d{2}:\d{2} \d{1,2}-\d{1,2}-\d{4}/,
    );

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

    const login = await api<string>(server, 'POST', '/api/ext/shop/user/login', {
      username: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    const me = await api<{ addresses: { street: string[]; postcode: string }[] }>(
      server,
      'GET',
      `/api/ext/shop/user/me?token=${login.body.result}`,
    );
    expect(me.body.result.addresses).toContainEqual(
      expect.objectContaining({ street: ['Prinsengracht', '263 B'], postcode: '1016 GV' }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Account journeys, each in its own browser context (own IndexedDB, service worker and session).

const USER = '/api/ext/shop/user';
const PASSWORD = 'Zomer#Jas2026';
const newEmail = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@example.nl`;

interface Me {
  firstname: string;
  lastname: string;
  addresses: { street: string[]; address_type: string; is_default: string; default_billing: boolean }[];
  preferences: { favorite_store_id: number | null; favorite_brands: number[]; newsletter: boolean };
}

async function freshPage(device: BrowserContextOptions = DESKTOP): Promise<Page> {
  const context = await browser.newContext(device);
  return context.newPage();
}

async function registerByApi(email: string, firstname = 'Sem'): Promise<void> {
  const res = await api(server, 'POST', `${USER}/create`, {
    customer: { email, firstname, lastname: 'Bakker' },
    password: PASSWORD,
  });
  expect(res.status).toBe(200);
}

/** The customer as the server has it, through a session of its own. */
async function meOnServer(email: string): Promise<Me> {
  const login = await api<string>(server, 'POST', `${USER}/login`, { username: email, password: PASSWORD });
  expect(login.status).toBe(200);
  const me = await api<Me>(server, 'GET', `${USER}/me?token=${login.body.result}`);
  return me.body.result;
}

function logIn(p: Page, email: string, password = PASSWORD): Promise<void> {
  return logInAs(p, server.baseUrl, email, password);
}

/**
 * Registers a customer, then logs in on a fresh page while the server's clock runs behind, so the session it hands out
 * ends `endsInMs` after the browser's now; runs the test on that page, then restores the clock and closes the page.
 */
async function withSessionEndingIn(
  endsInMs: number,
  emailPrefix: string,
  firstname: string,
  run: (p: Page) => Promise<void>,
): Promise<void> {
  server.setNow(new Date(Date.now() - SESSION_TTL_SECONDS * 1000 + endsInMs));
  const p = await freshPage();
  try {
    const email = newEmail(emailPrefix);
    await registerByApi(email, firstname);
    await logIn(p, email);
    await run(p);
  } finally {
    server.setNow(undefined);
    await p.context().close();
  }
}

async function openProfile(p: Page, firstname: string): Promise<void> {
  await p.getByRole('link', { name: 'Persoonlijke gegevens' }).first().click();
  await p.getByRole('heading', { level: 1, name: 'Persoonlijke gegevens' }).waitFor();
  await p.waitForFunction(
    (name) => (document.querySelector('input[name="firstname"]') as HTMLInputElement | null)?.value === name,
    firstname,
  );
}

describe('account journeys (spec 001 §2)', () => {
  test('register → log out → log in → edit the profile → add and delete an address → order history → log out', async () => {
    const p = await freshPage();
    const email = newEmail('reis');
    await p.goto(`${server.baseUrl}/login/`);
    await p.getByRole('button', { name: 'Account aanmaken' }).click();
    const main = p.locator('main');
    await main.getByLabel('Voornaam').fill('Sem');
    await main.getByLabel('Achternaam').fill('Bakker');
    await main.getByLabel('E-mailadres').fill(email);
    await main.getByLabel(/^Wachtwoord/).fill(PASSWORD);
    await main.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
    await p.locator('form').getByRole('button', { name: 'Account aanmaken' }).click();
    await p.locator('.account-content').getByText('Welkom terug').waitFor({ timeout: 15_000 });
    expect(await p.locator('.account-content').innerText()).toContain('Sem');

    await p.getByRole('button', { name: 'Uitloggen' }).click();
    await p.getByText('Je bent uitgelogd').waitFor();
    await logIn(p, email);

    await openProfile(p, 'Sem');
    await p.locator('input[name="lastname"]').first().fill('Bakker-de Wit');
    await p.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect.poll(async () => (await meOnServer(email)).lastname, { timeout: 15_000 }).toBe('Bakker-de Wit');

    await p.getByRole('button', { name: 'Adres toevoegen' }).click();
    const form = p.locator('.address-form');
    await form.getByLabel('Straat').fill('Damrak');
    await form.getByLabel(/^Huisnummer/).fill('1');
    await form.getByLabel(/^Postcode/).fill('1012LG');
    await form.getByLabel(/^Plaats/).fill('Amsterdam');
    await form.getByLabel('Soort adres').selectOption('BILLING');
    await form.getByLabel('Standaard factuuradres').check();
    await form.getByRole('button', { name: 'Adres opslaan' }).click();
    const list = p.locator('.address-list');
    await list.getByText('Damrak 1, 1012 LG Amsterdam').waitFor({ timeout: 15_000 });
    await list.getByText('Factuuradres · Standaard factuuradres').waitFor();
    await expect
      .poll(async () => (await meOnServer(email)).addresses, { timeout: 15_000 })
      .toEqual([
        expect.objectContaining({
          street: ['Damrak', '1'],
          address_type: 'BILLING',
          is_default: '1',
          default_billing: true,
        }),
      ]);

    // the delete button appears once the address has its server id (the queued profile update has landed)
    await p.getByRole('button', { name: /^Verwijderen: Damrak 1/ }).click({ timeout: 15_000 });
    const dialog = p.getByRole('dialog', { name: 'Adres verwijderen' });
    await dialog.getByText('Weet je zeker dat je dit adres wilt verwijderen?').waitFor();
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await p.locator('.address-editor').getByText('Je hebt nog geen adressen.').waitFor();
    await expect.poll(async () => (await meOnServer(email)).addresses.length, { timeout: 15_000 }).toBe(0);

    await p.getByRole('link', { name: 'Aankopen' }).first().click();
    await p.getByRole('heading', { level: 1, name: 'Aankopen' }).waitFor();
    await p.getByText('Je hebt nog geen bestellingen.').waitFor();

    await p.getByRole('button', { name: 'Uitloggen' }).click();
    await p.getByText('Je bent uitgelogd').waitFor();
    await p.getByText('Je moet ingelogd zijn om deze pagina te bekijken').waitFor();
    await p.context().close();
  });

  test.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'preferences (favourite store, brands, newsletter) are saved through the profile update and still shown after a reload, on a %s',
    async (_device, device) => {
      const email = newEmail('voorkeur');
      await registerByApi(email);
      const stores = (
        await api<{ id: number; slug: string; name: string; city: string }[]>(server, 'GET', '/api/stores')
      ).body.result;
      const store = stores[1];
      const p = await freshPage(device);
      await logIn(p, email);
      await p.getByRole('link', { name: 'Mijn voorkeuren' }).click();
      await p.getByRole('heading', { level: 1, name: 'Mijn voorkeuren' }).waitFor();
      await p.getByText('Je hebt nog geen winkel gekozen.').waitFor({ timeout: 15_000 });

      await p.getByRole('button', { name: 'Kies een winkel' }).click();
      const storeDialog = p.getByRole('dialog', { name: 'Kies je favoriete winkel' });
      await storeDialog.getByLabel(`${store.name} · ${store.city}`).check();
      await storeDialog.getByRole('button', { name: 'Kiezen' }).click();
      await p.getByRole('button', { name: 'Kies merken' }).click();
      const brandDialog = p.getByRole('dialog', { name: 'Kies je favoriete merken' });
      await brandDialog.getByLabel('Nordic Tailor').check();
      await brandDialog.getByLabel('Maison Delft').check();
      await brandDialog.getByRole('button', { name: 'Kiezen' }).click();
      await p.getByLabel('Ja, ik wil de nieuwsbrief ontvangen').check();
      await p.getByRole('button', { name: 'Voorkeuren opslaan' }).click();
      // shown by the worker when the server has answered the queued update
      await p.getByText('Je accountgegevens zijn bijgewerkt').waitFor({ timeout: 15_000 });
      const saved = await meOnServer(email);
      expect(saved.preferences).toMatchObject({ favorite_store_id: store.id, newsletter: true });
      expect(saved.preferences.favorite_brands).toHaveLength(2);
      // the engagement contact learns the same favourites through the queued PATCH (spec 001 §7)
      await expect
        .poll(async () => {
          const { rows } = await server.db.query<{ attributes: Record<string, unknown> }>(
            `select e.attributes from engagement_contacts e join customers c on c.external_id = e.custom_key
            where c.email = $1`,
            [email],
          );
          return rows[0]?.attributes;
        })
        .toEqual({ favstore: store.slug, favbrand: 'Maison Delft, Nordic Tailor' });

      await p.reload();
      await p.getByRole('heading', { level: 1, name: 'Mijn voorkeuren' }).waitFor();
      await p.locator('.favorite-store').getByText(`${store.name} · ${store.city}`).waitFor({ timeout: 15_000 });
      expect(await p.locator('.favorite-brands li').allInnerTexts()).toEqual(['Maison Delft', 'Nordic Tailor']);
      expect(await p.getByLabel('Ja, ik wil de nieuwsbrief ontvangen').isChecked()).toBe(true);
      await p.context().close();
    },
  );

  test('within 900 s of the session expiry each navigation refreshes the profile from the server (spec 000 §4)', async () => {
    // the server's clock runs behind: the session it hands out ends 10 minutes from the browser's now
    await withSessionEndingIn(600_000, 'bijna', 'Noor', async (p) => {
      const profileReads: string[] = [];
      p.on('request', (r) => {
        if (r.method() === 'GET' && new URL(r.url()).pathname === `${USER}/me`) profileReads.push(r.url());
      });
      // pages that never read the profile themselves: the reads come from the navigation rule
      await p.locator('header a[href="/"]').first().click();
      await p.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => profileReads.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const afterFirst = profileReads.length;
      await p.goto(`${server.baseUrl}/winkels/`);
      await expect.poll(() => profileReads.length, { timeout: 10_000 }).toBeGreaterThan(afterFirst);
    });
  });

  test('an expired session that opens the checkout is logged out and sent home with the warning (spec 000 §4)', async () => {
    // the session ends 12 s after login on the browser's clock
    await withSessionEndingIn(12_000, 'kassa', 'Daan', async (p) => {
      await p.goto(`${server.baseUrl}/`);
      await p.waitForTimeout(13_000);
      await p.goto(`${server.baseUrl}/checkout`);
      await p.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await p
        .locator('.notification', { hasText: 'Je sessie is verlopen omdat je een tijd niet actief was' })
        .waitFor({ timeout: 10_000 });
    });
  });

  test('a session that expires while an account page is open shows the session-expired warning with "Inloggen" and logs out (spec 000 §4)', async () => {
    // The server's clock runs behind, so the session_expires it hands out lies 20 s ahead of the browser's clock.
    await withSessionEndingIn(20_000, 'verlopen', 'Lotte', async (p) => {
      await openProfile(p, 'Lotte');
      const warning = p.locator('.notification', {
        hasText: 'Je sessie is verlopen omdat je een tijd niet actief was',
      });
      await warning.waitFor({ timeout: 40_000 });
      expect(await warning.locator('.notification-action').innerText()).toBe('Inloggen');
      await p.getByText('Je moet ingelogd zijn om deze pagina te bekijken').waitFor();
      // it stays until dismissed: the shopper who comes back to the tab still reads why he was logged out
      await p.waitForTimeout(3_500);
      expect(await warning.isVisible()).toBe(true);
      expect(await p.locator('input[name="firstname"]').count()).toBe(0);
    });
  });

  test('a 401 during a queued profile update refreshes the token and the update still lands (spec 000 §4 "Token invalidation")', async () => {
    const email = newEmail('vernieuw');
    await registerByApi(email, 'Bram');
    const p = await freshPage();
    try {
      await logIn(p, email);
      await openProfile(p, 'Bram');
      // the access token has expired on the server; the refresh token (30 days) has not
      server.setNow(new Date(Date.now() + (SESSION_TTL_SECONDS + 120) * 1000));
      await p.locator('input[name="firstname"]').first().fill('Bastiaan');
      await p.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await expect.poll(async () => (await meOnServer(email)).firstname, { timeout: 20_000 }).toBe('Bastiaan');
      const rotated = await server.db.query<{ n: number }>(
        `select count(*)::int as n from refresh_tokens r join customers c on c.id = r.customer_id
          where lower(c.email) = lower($1) and r.used_at is not null`,
        [email],
      );
      expect(rotated.rows[0].n).toBeGreaterThanOrEqual(1);
      // still logged in, no expiry warning
      await p.getByRole('heading', { level: 1, name: 'Persoonlijke gegevens' }).waitFor();
      expect(await p.getByText('Je sessie is verlopen').count()).toBe(0);
    } finally {
      server.setNow(undefined);
      await p.context().close();
    }
  });
});
