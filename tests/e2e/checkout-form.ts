import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The checkout form: every step is a part of it. */
const form = (page: Page) => page.locator('form.checkout-form');

/** Types each value into the form's field whose label it matches, in order, as a shopper goes down the form. */
async function fillFields(page: Page, fields: [label: RegExp, value: string][]): Promise<void> {
  for (const [label, value] of fields) await form(page).getByLabel(label).fill(value);
}

/** A delivery address as the shopper types it into the checkout. */
export interface TypedAddress {
  /** The country's name in the select, 'Nederland' or 'België'. */
  country: 'Nederland' | 'België';
  postcode: string;
  houseNumber: string;
  street: string;
  city: string;
}

export const AMSTERDAM: TypedAddress = {
  country: 'Nederland',
  postcode: '1015 CJ',
  houseNumber: '1',
  street: 'Keizersgracht',
  city: 'Amsterdam',
};

export const ANTWERPEN: TypedAddress = {
  country: 'België',
  postcode: '2000',
  houseNumber: '12',
  street: 'Meir',
  city: 'Antwerpen',
};

/** Step 1 for a guest: e-mail and name. */
export async function fillGuestDetails(
  page: Page,
  guest: { email: string; firstname?: string; lastname?: string },
): Promise<void> {
  await fillFields(page, [
    [/^E-mailadres/, guest.email],
    [/^Voornaam/, guest.firstname ?? 'Jan'],
    [/^Achternaam/, guest.lastname ?? 'Jansen'],
  ]);
}

/** Step 2: the delivery address; the shipping methods of its country then show (spec 001 §5: address first). */
export async function fillDeliveryAddress(page: Page, address: TypedAddress = AMSTERDAM): Promise<void> {
  await form(page).getByLabel(/^Land/).selectOption({ label: address.country });
  await fillFields(page, [
    [/^Postcode/, address.postcode],
    [/^Huisnummer/, address.houseNumber],
    [/^Straat/, address.street],
    [/^Plaats/, address.city],
  ]);
}

/** Step 3: waits until a shipping method is chosen (the first one, once the country's methods arrived). */
export async function shippingMethodChosen(page: Page): Promise<void> {
  await form(page).locator('input[name="shipping"]:checked').waitFor();
}

/**
 * Steps 3 and 4 for a Belgian address: the seed's BE shipping methods in order, and Belgium's payment methods —
 * Bancontact chosen first, no iDEAL (the server refuses it for BE).
 */
export async function expectBelgianMethods(page: Page): Promise<void> {
  await expect
    .poll(() =>
      form(page)
        .locator('input[name="shipping"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    )
    .toEqual(['dhl:home_be', 'dhl:servicepoint_be', 'budbee:box', 'storepickup:storepickup']);
  await expect.poll(() => form(page).locator('input[name="payment"]:checked').getAttribute('value')).toBe('bancontact');
  expect(await form(page).getByRole('radio', { name: 'iDEAL' }).count()).toBe(0);
}

/** The summary's terms checkbox (required before ordering). */
export async function acceptTerms(page: Page): Promise<void> {
  await form(page)
    .getByRole('checkbox', { name: /algemene voorwaarden/ })
    .check();
}

/** The order button of the summary. */
export const placeOrderButton = (page: Page) => form(page).getByRole('button', { name: 'Bestelling plaatsen' });

/** Accepts the terms and taps "Bestelling plaatsen", as a shopper does at the end of the form. */
export async function placeOrder(page: Page): Promise<void> {
  await acceptTerms(page);
  await placeOrderButton(page).click();
}

/** Fills the checkout's delivery address (a Dutch one) and places the order; personal details are the caller's. */
export async function placeOrderInAmsterdam(page: Page): Promise<void> {
  await fillDeliveryAddress(page, AMSTERDAM);
  await shippingMethodChosen(page);
  await placeOrder(page);
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

/** The segments a totals block (or the payment page's list) shows, by their labels. */
export function segments(totals: Locator): Promise<Record<string, string>> {
  return totals.evaluate((dl) => {
    const out: Record<string, string> = {};
    for (const dt of dl.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      if (dd) out[dt.textContent!.trim()] = dd.textContent!.replace(/\s+/g, ' ').trim();
    }
    return out;
  });
}
