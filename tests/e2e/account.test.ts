import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium } from './browser.ts';

/** Account UI (issue 4 pages) on the real session engine: the login guard and the validation texts. */
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
});
