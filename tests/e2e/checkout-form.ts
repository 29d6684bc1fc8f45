import type { Page } from 'playwright-core';

/** The checkout form: every step is a part of it. */
const form = (page: Page) => page.locator('form.checkout-form');

/** Step 1 for a guest: e-mail and name. */
export async function fillGuestDetails(
  page: Page,
  guest: { email: string; firstname: string; lastname: string },
): Promise<void> {
  await form(page)
    .getByLabel(/^E-mailadres/)
    .fill(guest.email);
  await form(page)
    .getByLabel(/^Voornaam/)
    .fill(guest.firstname);
  await form(page)
    .getByLabel(/^Achternaam/)
    .fill(guest.lastname);
}

/** Step 2: a Dutch delivery address. */
export async function fillAmsterdamAddress(page: Page): Promise<void> {
  await form(page)
    .getByLabel(/^Postcode/)
    .fill('1015 CJ');
  await form(page)
    .getByLabel(/^Huisnummer/)
    .fill('1');
  await form(page)
    .getByLabel(/^Straat/)
    .fill('Keizersgracht');
  await form(page)
    .getByLabel(/^Plaats/)
    .fill('Amsterdam');
}

/** The summary's terms checkbox (required before ordering). */
export async function acceptTerms(page: Page): Promise<void> {
  await form(page)
    .getByRole('checkbox', { name: /algemene voorwaarden/ })
    .check();
}

/** The order button of the summary. */
export const placeOrderButton = (page: Page) => form(page).getByRole('button', { name: 'Bestelling plaatsen' });

/** Fills the checkout's delivery address (a Dutch one), accepts the terms and places the order; personal details are the caller's. */
export async function placeOrderInAmsterdam(page: Page): Promise<void> {
  await fillAmsterdamAddress(page);
  await acceptTerms(page);
  await placeOrderButton(page).click();
}

/**
 * On the local payment page the order leads to: "Betalen" or "Annuleren"; answers the server's order number from the
 * return page's address (`/checkout-return/?order=…` or `/checkout-failed/?order=…`).
 */
export async function finishPayment(page: Page, button: 'Betalen' | 'Annuleren'): Promise<string> {
  await page.waitForURL(/\/pay\//, { timeout: 20_000 });
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(button === 'Betalen' ? /\/checkout-return\/\?order=/ : /\/checkout-failed\/\?order=/);
  return new URL(page.url()).searchParams.get('order')!;
}
