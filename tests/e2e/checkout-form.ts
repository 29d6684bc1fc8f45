import type { Page } from 'playwright-core';

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

const checkoutForm = (page: Page) => page.locator('form.checkout-form');

/** Fills the checkout's personal details. */
export async function fillPersonalDetails(page: Page, email: string, firstname = 'Jan', lastname = 'Jansen') {
  const form = checkoutForm(page);
  await form.getByLabel(/^E-mailadres/).fill(email);
  await form.getByLabel(/^Voornaam/).fill(firstname);
  await form.getByLabel(/^Achternaam/).fill(lastname);
}

/** Fills the delivery address; the shipping methods of its country then show (spec 001 §5: address first). */
export async function fillDeliveryAddress(page: Page, address: TypedAddress = AMSTERDAM): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel(/^Land/).selectOption({ label: address.country });
  await form.getByLabel(/^Postcode/).fill(address.postcode);
  await form.getByLabel(/^Huisnummer/).fill(address.houseNumber);
  await form.getByLabel(/^Straat/).fill(address.street);
  await form.getByLabel(/^Plaats/).fill(address.city);
}

/** Waits until a shipping method is chosen (the first one, once the country's methods arrived). */
export async function shippingMethodChosen(page: Page): Promise<void> {
  await checkoutForm(page).locator('input[name="shipping"]:checked').waitFor();
}

export async function placeOrder(page: Page): Promise<void> {
  await checkoutForm(page).getByRole('button', { name: 'Bestelling plaatsen' }).click();
}

/** Fills the checkout's delivery address (a Dutch one) and places the order; personal details are the caller's. */
export async function placeOrderInAmsterdam(page: Page): Promise<void> {
  await fillDeliveryAddress(page, AMSTERDAM);
  await shippingMethodChosen(page);
  await placeOrder(page);
}
