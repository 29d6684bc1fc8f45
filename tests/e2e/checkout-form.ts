import type { Page } from 'playwright-core';

/** Fills the checkout's delivery address (a Dutch one) and places the order; personal details are the caller's. */
export async function placeOrderInAmsterdam(page: Page): Promise<void> {
  const form = page.locator('form.checkout-form');
  await form.getByLabel(/^Postcode/).fill('1015 CJ');
  await form.getByLabel(/^Huisnummer/).fill('1');
  await form.getByLabel(/^Straat/).fill('Keizersgracht');
  await form.getByLabel(/^Plaats/).fill('Amsterdam');
  await form.getByRole('button', { name: 'Bestelling plaatsen' }).click();
}
