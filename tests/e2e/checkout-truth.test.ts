import type { Browser } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';
import { acceptTerms, fillDeliveryAddress, finishPayment, placeOrderButton } from './checkout-form.ts';
import { addFirstToCart, stockedSize } from './product-picks.ts';

/**
 * The checkout tells the truth as the shopper types, on a 412 px phone with the CPU 4× slower: an error under a field goes as soon as the
 * field is valid (not at the next submit), a name longer than spec 001 §5 allows is refused under its field, and
 * Riverty's instalment terms (spec 001 §9) show once it is chosen; the order then placed is the server's with Riverty
 * as its method.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 12, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
});

describe('checkout field errors and Riverty on a phone', () => {
  test('errors clear field by field as they become valid; Riverty shows its terms; the order is placed with it', async () => {
    const { context, page } = await openPage(browser);
    // Lighthouse's mobile CPU: four times slower
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await addFirstToCart(page, await stockedSize(server));
      await page.goto(`${server.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
      const form = page.locator('form.checkout-form');

      await acceptTerms(page);
      await placeOrderButton(page).click();
      const firstname = form.getByLabel(/^Voornaam/);
      const lastname = form.getByLabel(/^Achternaam/);
      await expect.poll(() => firstname.getAttribute('aria-invalid')).toBe('true');
      expect(await lastname.getAttribute('aria-invalid')).toBe('true');

      // spec 001 §5 maximum lengths: a 120-letter first name is refused under the field, as the server would refuse it
      await firstname.fill('A'.repeat(120));
      // the field's own message, the one its aria-describedby names
      const firstnameError = async () => {
        const id = await firstname.getAttribute('aria-describedby');
        return id ? page.locator(`[id="${id}"]`).innerText() : '';
      };
      await expect.poll(firstnameError).toBe('Maximaal 40 tekens.');
      await firstname.fill('Sanne');
      // the corrected field's error is gone at once; the other one stays until it is corrected too
      await expect.poll(() => firstname.getAttribute('aria-invalid')).toBeNull();
      expect(await lastname.getAttribute('aria-invalid')).toBe('true');
      await lastname.fill('Visser');
      await expect.poll(() => lastname.getAttribute('aria-invalid')).toBeNull();
      await form.getByLabel(/^E-mailadres/).fill('riverty@example.nl');
      await fillDeliveryAddress(page);
      expect(await form.locator('.field-error').count()).toBe(0);

      expect(await page.getByTestId('riverty-terms').count()).toBe(0);
      await form.getByRole('radio', { name: 'Achteraf betalen met Riverty' }).check();
      await expect
        .poll(() => page.getByTestId('riverty-terms').innerText())
        .toBe(
          'Achteraf betalen met Riverty in drie termijnen: de eerste binnen 30 dagen, de tweede na 60 en de derde na 90 dagen.',
        );

      await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
      await placeOrderButton(page).click();
      await page.waitForURL(/\/pay\//, { timeout: 20_000 });
      const number = await finishPayment(page, 'Betalen');
      const orders = await server.db.query<{ increment_id: string; payment_method: string; firstname: string }>(
        `select increment_id, payment_method, shipping_address->>'firstname' as firstname from orders
          where email = 'riverty@example.nl'`,
      );
      expect(orders.rows).toEqual([{ increment_id: number, payment_method: 'riverty', firstname: 'Sanne' }]);
    } finally {
      await context.close();
    }
  });
});
