import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer.ts';
import { nl } from '../../src/lib/i18n/nl.ts';
import { openPage } from './browser.ts';
import { fillGuestDetails } from './checkout-form.ts';
import { addFirstToCart, useShopWithPicks, type ProductPick } from './product-picks.ts';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/test-server.ts';

/**
 * The named modals on a phone (spec 001 §2 "Modals that can be opened by name", §4 "General modals"): terms and
 * privacy open from the checkout's consent line and close back onto the same checkout with what was typed; the size
 * guide opens and closes on a product page; a name opened twice is one dialog.
 */
let server: TestServer;
let browser: Browser;
let pick: ProductPick;

useShopWithPicks({ products: 40, staticDir: 'dist' }, { minQty: 5, atLeast: 1 }, (shop) => {
  ({ server, browser } = shop);
  pick = shop.picks[0]!;
});

const checkoutForm = (page: Page) => page.locator('form.checkout-form');

/** Opens a consent page from the line by the terms checkbox, reads it, closes it: the checkout is as it was. */
async function readConsentPage(page: Page, link: string, title: string, text: RegExp) {
  await checkoutForm(page).getByRole('link', { name: link }).tap();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ timeout: 10_000 });
  await expect.poll(() => dialog.getByRole('heading', { level: 2, name: title }).count()).toBe(1);
  await expect.poll(() => dialog.innerText(), { timeout: 10_000 }).toMatch(text);
  await dialog.getByRole('button', { name: 'Sluiten' }).tap();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/?$/);
  expect(
    await checkoutForm(page)
      .getByLabel(/^E-mailadres/)
      .inputValue(),
  ).toBe('modaal@example.com');
  expect(
    await checkoutForm(page)
      .getByLabel(/^Voornaam/)
      .inputValue(),
  ).toBe('Mees');
  expect(
    await checkoutForm(page)
      .getByLabel(/^Achternaam/)
      .inputValue(),
  ).toBe('Modaal');
}

describe('named modals on a phone', () => {
  test('terms and privacy open from the checkout consent line; closing them leaves the typed checkout', async () => {
    const { context, page } = await openPage(browser);
    await addFirstToCart(page, pick);
    await page.goto(`${server.baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 15_000 });
    await fillGuestDetails(page, { email: 'modaal@example.com', firstname: 'Mees', lastname: 'Modaal' });

    await readConsentPage(page, 'algemene voorwaarden', 'Algemene voorwaarden', /Artikel 2 – Herroepingsrecht/);
    await readConsentPage(page, 'privacyverklaring', 'Privacyverklaring', /OFM verwerkt je persoonsgegevens/);

    // opening a name that is open closes it first (spec 001 §4): one dialog, not two
    const termsLink = checkoutForm(page).getByRole('link', { name: 'algemene voorwaarden' });
    await termsLink.evaluate((a: HTMLElement) => {
      a.click();
      a.click();
    });
    await page.getByRole('dialog', { name: 'Algemene voorwaarden' }).waitFor({ timeout: 10_000 });
    await termsLink.evaluate((a: HTMLElement) => a.click());
    await page.getByRole('dialog', { name: 'Algemene voorwaarden' }).waitFor();
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect(
      await checkoutForm(page)
        .getByLabel(/^E-mailadres/)
        .inputValue(),
    ).toBe('modaal@example.com');
    await context.close();
  });

  test('the size guide opens by name on a product page and closes', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(pick.url);
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Maattabel' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Maattabel' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.locator('tbody tr').first().waitFor();
    expect(await dialog.locator('tr[aria-current="true"] th').textContent()).toBe(pick.size);
    await dialog.getByRole('button', { name: 'Sluiten' }).tap();
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    // the closed modal is gone from the page, and focus is back on the link that opened it
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Maattabel');
    expect(page.url()).toBe(pick.url);
    await context.close();
  });
});

describe('named modals opened from the shell on a phone', () => {
  test('a guest logs in from the wishlist banner in the authentication modal and stays on the product', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(pick.url);
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
    await page
      .locator('.product-info')
      .getByRole('button', { name: new RegExp(`^${pick.name} op je verlanglijst`) })
      .tap();
    await page.locator('.notification-banner').getByRole('link', { name: 'Inloggen' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Inloggen' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByLabel('E-mailadres').fill(DEMO_CUSTOMER.email);
    await dialog.getByLabel(/^Wachtwoord/).fill(DEMO_CUSTOMER.password);
    await dialog.getByRole('button', { name: 'Inloggen' }).tap();
    await expect.poll(() => page.locator('dialog[open]').count(), { timeout: 15_000 }).toBe(0);
    await page.getByText(nl['You are logged in!']).waitFor();
    expect(page.url()).toBe(pick.url);
    await context.close();
  });

  test('the language switcher opens from the side menu and its other store view switches the shop', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('navigation', { name: 'Snelmenu' }).getByRole('button', { name: 'Categorieën' }).tap();
    await page.locator('#side-menu').getByRole('button', { name: 'Winkel in Nederland' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Kies je land' });
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('button', { name: 'Nederland' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'België' }).tap();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.store), { timeout: 15_000 })
      .toBe('be');
    await context.close();
  });
});
