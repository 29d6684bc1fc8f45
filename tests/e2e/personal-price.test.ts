import type { Browser } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice, toCents } from '../../domain/money.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { logInAs, openPage, useShopInChromium } from './browser.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * Personal prices on a phone (spec 000 §6 "Personal pricing … for logged-in clients"): a member with a personal price
 * sees "Jouw prijs" on the product page, and the cart shows and the server's cart totals charge that price; a guest
 * sees none.
 */
const USER = '/api/ext/shop/user';
const PASSWORD = 'Welkom#2026';

let server: TestServer;
let browser: Browser;
let pick: ProductPick;

useShopInChromium({ products: 20, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  [pick] = await configurablePicks(server, 2);
  expect(pick, 'seed has a configurable product in stock').toBeDefined();
});

const loginToken = async (email: string) =>
  (await api<string>(server, 'POST', `${USER}/login`, { username: email, password: PASSWORD })).body.result;

describe('personal prices', () => {
  test('a member sees "Jouw prijs" on the product page and the cart charges it', async () => {
    const email = `persoonlijk-${Date.now()}@example.nl`;
    const created = await api<{ id: number }>(server, 'POST', `${USER}/create`, {
      customer: { email, firstname: 'Pieter', lastname: 'Smit' },
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    const token = await loginToken(email);
    const check = await api<{ regular_price: number }>(
      server,
      'POST',
      `${USER}/personal-pricing/check?token=${token}`,
      {
        sku: pick.childSku,
      },
    );
    const shopCents = toCents(check.body.result.regular_price);
    const personalCents = Math.round(shopCents * 0.8);
    for (const sku of [pick.sku, pick.childSku])
      await server.db.query('insert into personal_prices (customer_id, sku, price_cents) values ($1, $2, $3)', [
        created.body.result.id,
        sku,
        personalCents,
      ]);

    // a guest sees the shop's price only
    const guest = await openPage(browser);
    await guest.page.goto(pick.url);
    await guest.page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
    expect(await guest.page.locator('.personal-price').count()).toBe(0);
    await guest.context.close();

    const { context, page } = await openPage(browser);
    await logInAs(page, server.baseUrl, email, PASSWORD);
    // a cheap phone: the CPU 4× slower, the button tapped the moment it shows
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(pick.url);
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.locator('.product-info .personal-price').innerText(), { timeout: 10_000 })
      .toBe(`Jouw prijs ${formatPrice(personalCents)}`);
    // next to the regular price, which stays visible
    expect(await page.locator('.product-info .product-price').innerText()).toContain(formatPrice(shopCents));

    await page.getByRole('button', { name: 'In winkelwagen' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toContain('1');
    await page.goto(`${server.baseUrl}/winkelwagen/`);
    await expect
      .poll(() => page.locator('dd.cart-summary-total').innerText(), { timeout: 15_000 })
      .toBe(formatPrice(personalCents));
    await expect
      .poll(() => page.locator('.cart-line').first().innerText(), { timeout: 15_000 })
      .toContain(formatPrice(personalCents));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

    // the server's cart charges the same amount
    const { rows } = await server.db.query<{ cart_id: string }>(
      'select cart_id from carts where customer_id = $1 and is_active order by updated_at desc limit 1',
      [created.body.result.id],
    );
    const totals = await api<{ grand_total: number; items: { sku: string; price: number }[] }>(
      server,
      'GET',
      `/api/ext/shop/cart/totals?cartId=${rows[0]!.cart_id}&token=${await loginToken(email)}`,
    );
    expect(totals.status).toBe(200);
    expect(toCents(totals.body.result.grand_total)).toBe(personalCents);
    await context.close();
  });
});
