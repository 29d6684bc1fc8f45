import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';

/**
 * Donations on a phone (spec 001 §1 "donations (one-off and monthly)", §2 `/mannen-voor-mannen/{slug}`, §3, §7
 * create_donation → browser redirect, §8 "Donation errors show the server message as an error notification with OK"):
 * the donation block of the seeded Movember page, the local payment page, and the status page by hash key.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 4, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

interface StoredDonation {
  hash_key: string;
  status: string;
  frequency: string;
  amount_cents: number;
  payment_method: string;
}

async function donationOf(name: string): Promise<StoredDonation[]> {
  const { rows } = await server.db.query<StoredDonation>(
    `select hash_key, status, frequency, amount_cents, payment_method from donations where donor_name = $1`,
    [name],
  );
  return rows;
}

/** Opens the Movember page and waits for the donation block with its payment methods. */
async function openDonationPage(): Promise<Page> {
  const { page } = await openPage(browser);
  await page.goto(`${server.baseUrl}/mannen-voor-mannen/movember`);
  await page.getByRole('heading', { name: 'Doneren' }).waitFor();
  await page.getByRole('radio', { name: 'iDEAL' }).waitFor();
  return page;
}

async function fillDonor(page: Page, name: string): Promise<void> {
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('E-mailadres').fill(`${name.split(' ')[0].toLowerCase()}@example.nl`);
}

/** Fills in the donor, taps "Doneer {amount}" and waits for the local payment page. */
async function donateToPayment(page: Page, name: string, amount: string): Promise<void> {
  await fillDonor(page, name);
  await page.getByRole('button', { name: `Doneer ${amount}` }).click();
  await page.waitForURL(/\/pay\//);
}

/** On the local payment page: pay or cancel, then back on the app's status page of the donation. */
async function onPaymentPage(page: Page, button: 'Betalen' | 'Annuleren'): Promise<void> {
  await page.waitForURL(/\/pay\//);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/mannen-voor-mannen\/donatie\//);
}

describe('donations (spec 001 §1, §3, §7, §8)', () => {
  test('a one-off donation paid end to end: paid on the server and thanked on the status page', async () => {
    const page = await openDonationPage();
    await page.getByRole('button', { name: '€ 50,00' }).click();
    await page.getByRole('radio', { name: 'Bancontact' }).check();
    await donateToPayment(page, 'Pieter Janssen', '€ 50,00');
    await expect.poll(() => page.locator('main').innerText()).toContain('Movember: samen voor mannengezondheid');
    await onPaymentPage(page, 'Betalen');

    await page.getByRole('heading', { name: 'Bedankt voor je donatie!' }).waitFor();
    const text = await page.locator('.donation-status').innerText();
    expect(text).toContain('€\u00a050,00'); // formatPrice keeps sign and amount together
    expect(text).toContain('Eenmalig');
    const [stored] = await donationOf('Pieter Janssen');
    expect(stored).toMatchObject({
      status: 'paid',
      frequency: 'once',
      amount_cents: 5000,
      payment_method: 'bancontact',
    });
    expect(page.url()).toBe(`${server.baseUrl}/mannen-voor-mannen/donatie/${stored.hash_key}`);
    await page.context().close();
  });

  test('a cancelled payment shows the cancelled status, no thanks, and leads back to the donation page', async () => {
    const page = await openDonationPage();
    await page.getByLabel('Ander bedrag (€ 1 tot € 10.000)').fill('12,50');
    await donateToPayment(page, 'Lotte Visser', '€ 12,50');
    await onPaymentPage(page, 'Annuleren');

    await page.getByRole('heading', { name: 'Je donatie is geannuleerd' }).waitFor();
    expect(await page.getByText('Bedankt voor je donatie!').count()).toBe(0);
    expect(await donationOf('Lotte Visser')).toMatchObject([{ status: 'cancelled', amount_cents: 1250 }]);
    await page.getByRole('link', { name: 'Opnieuw doneren' }).click();
    await page.getByRole('heading', { name: 'Doneren' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mannen-voor-mannen/movember');
    await page.context().close();
  });

  test('a monthly donation is stored as monthly and paid per month', async () => {
    const page = await openDonationPage();
    await page.getByRole('radio', { name: 'Maandelijks' }).check();
    await page.getByRole('button', { name: '€ 10,00' }).click();
    await donateToPayment(page, 'Bram Mulder', '€ 10,00 per maand');
    expect(await page.locator('main').innerText()).toContain('per maand');
    await onPaymentPage(page, 'Betalen');

    await page.getByRole('heading', { name: 'Bedankt voor je donatie!' }).waitFor();
    expect(await page.locator('.donation-status').innerText()).toContain('€\u00a010,00 per maand');
    expect(await donationOf('Bram Mulder')).toMatchObject([
      { status: 'paid', frequency: 'monthly', amount_cents: 1000 },
    ]);
    await page.context().close();
  });

  test("the server's refusal is an error with OK; offline the block says so and cannot be submitted", async () => {
    const page = await openDonationPage();
    // the method is withdrawn after the page listed it: the server refuses with its own message
    await server.db.query(`update donation_payment_methods set is_active = false where code = 'creditcard'`);
    try {
      await page.getByRole('radio', { name: 'Creditcard (Visa, Mastercard)' }).check();
      await fillDonor(page, 'Emma Bakker');
      await page.getByRole('button', { name: 'Doneer € 25,00' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Kies een betaalmethode.' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'OK' }).click();
      await alert.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/mannen-voor-mannen/movember');
      expect(await donationOf('Emma Bakker')).toEqual([]);
    } finally {
      await server.db.query(`update donation_payment_methods set is_active = true where code = 'creditcard'`);
    }

    await page.context().setOffline(true);
    await page.getByText('Doneren kan alleen met een internetverbinding. Je bent nu offline.').waitFor();
    expect(await page.getByRole('button', { name: 'Doneer € 25,00' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Doneer € 25,00' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
