import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { DESKTOP, logInAs, openPage, useShopInChromium, serviceWorkerInControl } from './browser.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * The cart survives going offline and reloading and reaches the server once the network
 * is back; a guest cart merges into an account's existing cart with quantities summed once; two tabs share one cart.
 */
let server: TestServer;
let browser: Browser;
let picks: ProductPick[];

const CART_PAGE = '/winkelwagen/';
const count = (page: Page) => page.getByTestId('cart-count').innerText();

/** The server's view of one cart: sku → qty. */
async function serverCart(cartId: string): Promise<Record<string, number>> {
  const { rows } = await server.db.query<{ sku: string; qty: number }>(
    'select ci.sku, ci.qty from cart_items ci join carts c on c.id = ci.cart_id where c.cart_id = $1 order by ci.sku',
    [cartId],
  );
  return Object.fromEntries(rows.map((r) => [r.sku, r.qty]));
}

/** What the cart page shows: product name → selected quantity. */
async function cartPageLines(page: Page): Promise<Record<string, number>> {
  return page.$$eval('.cart-line', (lines) =>
    Object.fromEntries(
      lines.map((li) => [
        li.querySelector('.cart-line-info a, .cart-line-info > span')?.textContent?.trim() ?? '',
        Number((li.querySelector('.cart-qty select') as HTMLSelectElement | null)?.value ?? 0),
      ]),
    ),
  );
}

async function openProduct(page: Page, pick: ProductPick) {
  await page.goto(pick.url);
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
}

async function addToCart(page: Page, pick: ProductPick, expectedCount: number) {
  await openProduct(page, pick);
  await page.locator('button.add-to-cart').click();
  await expect.poll(() => count(page), { timeout: 10_000 }).toContain(String(expectedCount));
}

const newPage = () => openPage(browser, { ...DESKTOP, locale: 'nl-NL' });

useShopInChromium({ products: 60, staticDir: 'dist', images: true }, async (shop) => {
  ({ server, browser } = shop);
  // enough stock for the quantities used here
  picks = await configurablePicks(server, 5);
  expect(picks.length, 'seed has three configurable products with distinct names in stock').toBeGreaterThanOrEqual(3);
});

describe('cart offline, login merge and tabs (spec 000 §4)', () => {
  test('items added and a quantity changed offline survive a reload and reach the server cart after reconnecting', async () => {
    const [a, b, c] = picks as [ProductPick, ProductPick, ProductPick];
    const before = (await server.db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from carts')).rows[0]!
      .n;
    const { context, page } = await newPage();
    // Visit the later products online first so their documents are on the device.
    await openProduct(page, b);
    await openProduct(page, c);
    await addToCart(page, a, 1);
    await serviceWorkerInControl(page);
    // The online add has reached the server before the network goes away; it is this test's only guest cart that
    // holds lines. Each page load boots its own worker, which connects a cart when it has none (spec 000 §4 "Cart
    // connect"); a page left before the create answered leaves an empty server cart behind, never a second cart with
    // the shopper's lines.
    const cartId = async () => {
      const { rows } = await server.db.query<{ cart_id: string }>(
        `select c.cart_id from carts c where c.id > $1 and c.customer_id is null
           and exists (select 1 from cart_items ci where ci.cart_id = c.id)`,
        [before],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.cart_id;
    };
    await expect.poll(async () => serverCart(await cartId()), { timeout: 15_000 }).toEqual({ [a.childSku]: 1 });

    await context.setOffline(true);
    await addToCart(page, b, 2);
    await addToCart(page, c, 3);
    await page.goto(`${server.baseUrl}${CART_PAGE}`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    await page.locator('.cart-line').filter({ hasText: b.name }).getByLabel('Aantal').selectOption('3');
    await expect.poll(() => count(page)).toContain('5');
    const expected = { [a.name]: 1, [b.name]: 3, [c.name]: 1 };
    expect(await cartPageLines(page)).toEqual(expected);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    await expect.poll(() => cartPageLines(page), { timeout: 10_000 }).toEqual(expected);
    await expect.poll(() => count(page)).toContain('5');
    // No assertion that the server is still untouched here: Chromium's offline emulation (context.setOffline) does
    // not reliably cover the dedicated worker's own fetches, so a queued task may already have gone through (seen
    // once in CI). What the shopper is promised is asserted: the changes survive the reload, and after reconnecting
    // the server cart is exactly what they did.

    await context.setOffline(false);
    await expect
      .poll(async () => serverCart(await cartId()), { timeout: 20_000 })
      .toEqual({ [a.childSku]: 1, [b.childSku]: 3, [c.childSku]: 1 });
    await context.close();
  });

  test('a guest cart merged into an account that already has a cart sums the shared item once, also after a reload', async () => {
    const [x, y] = picks as [ProductPick, ProductPick];
    const email = `samenvoegen-${Date.now()}@example.nl`;
    const password = 'Welkom#2026';
    const created = await api(server, 'POST', '/api/ext/shop/user/create', {
      customer: { email, firstname: 'Sanne', lastname: 'de Vries' },
      password,
    });
    expect(created.status).toBe(200);
    const token = (await api<string>(server, 'POST', '/api/ext/shop/user/login', { username: email, password })).body
      .result;
    const cartId = (await api<string>(server, 'POST', `/api/ext/shop/cart/create?token=${encodeURIComponent(token)}`))
      .body.result;
    const put = await api(
      server,
      'POST',
      `/api/ext/shop/cart/update?cartId=${encodeURIComponent(cartId)}&token=${encodeURIComponent(token)}`,
      {
        cartItem: { sku: x.childSku, qty: 1, quoteId: cartId },
      },
    );
    expect(put.status).toBe(200);
    // The account keeps one active cart, the one it had, and the guest lines are merged into it.
    const customerCart = async () => {
      const { rows } = await server.db.query<{ cart_id: string }>(
        'select c.cart_id from carts c join customers u on u.id = c.customer_id where u.email = $1 and c.is_active',
        [email],
      );
      expect(rows.map((r) => r.cart_id)).toEqual([cartId]);
      return serverCart(cartId);
    };

    const { context, page } = await newPage();
    await addToCart(page, x, 1);
    await addToCart(page, y, 2);

    await logInAs(page, server.baseUrl, email, password);

    const expected = { [x.name]: 2, [y.name]: 1 };
    const expectedServer = { [x.childSku]: 2, [y.childSku]: 1 };
    await page.goto(`${server.baseUrl}${CART_PAGE}`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    await expect.poll(() => cartPageLines(page), { timeout: 15_000 }).toEqual(expected);
    await expect.poll(customerCart, { timeout: 15_000 }).toEqual(expectedServer);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    await expect.poll(() => cartPageLines(page), { timeout: 10_000 }).toEqual(expected);
    // Give a second sync after the reload the chance to double the item; it must not.
    await page.waitForTimeout(2_000);
    expect(await cartPageLines(page)).toEqual(expected);
    expect(await customerCart()).toEqual(expectedServer);
    await expect.poll(() => count(page)).toContain('3');
    await context.close();
  });

  test('two tabs of one browser see the same cart: adding in one updates the other tab’s mini-cart without a reload', async () => {
    const [, , z] = picks as [ProductPick, ProductPick, ProductPick];
    const { context, page: tabA } = await newPage();
    const tabB = await context.newPage();
    await tabA.goto(`${server.baseUrl}/`);
    await tabB.goto(`${server.baseUrl}/`);
    await expect.poll(() => count(tabB), { timeout: 10_000 }).toContain('0');

    await addToCart(tabA, z, 1);
    await expect.poll(() => count(tabB), { timeout: 10_000 }).toContain('1');
    await context.close();
  });
});
