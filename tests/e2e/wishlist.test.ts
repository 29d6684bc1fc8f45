import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { logInAs, openPage, useShopInChromium, serviceWorkerInControl } from './browser.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * The wishlist as a shopper uses it on a phone (spec 001 §4 wishlist rules): a guest saves products offline with the
 * heart, they survive a reload, logging in merges them into the account's list on the server once (and brings the
 * account's own items onto the device), two tabs show the same list, and remove and move-to-cart work.
 */
const PASSWORD = 'Welkom#2026';
const USER = '/api/ext/shop/user';

let server: TestServer;
let browser: Browser;
let picks: ProductPick[];

const newPhone = () => openPage(browser);

async function openProduct(page: Page, pick: ProductPick) {
  await page.goto(pick.parentUrl);
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
}

const heart = (page: Page, pick: ProductPick) =>
  page.locator('.product-info').getByRole('button', { name: new RegExp(`^${pick.name} (op|van) je verlanglijst`) });

/** What the wishlist page lists: the names of its lines, in order. */
async function wishlistNames(page: Page): Promise<string[]> {
  return page.$$eval('.wishlist-line', (lines) =>
    lines.map((li) => li.querySelector('.cart-line-info a, .cart-line-info > span')?.textContent?.trim() ?? ''),
  );
}

async function openWishlist(page: Page) {
  await page.goto(`${server.baseUrl}/wishlist/`);
  await page
    .getByRole('heading', { level: 1, name: /Verlanglijst|Je verlanglijst is leeg/ })
    .waitFor({ timeout: 15_000 });
}

/** The account's wishlist on the server: product ids, oldest first. */
async function serverWishlist(email: string): Promise<number[]> {
  const { rows } = await server.db.query<{ product_id: number }>(
    `select w.product_id from wishlist_items w join customers c on c.id = w.customer_id where c.email = $1
      order by w.item_id`,
    [email],
  );
  return rows.map((r) => r.product_id);
}

useShopInChromium({ products: 40, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  picks = (await configurablePicks(server, 3)).filter((p) => p.size !== '');
  expect(picks.length, 'seed has three configurable products with distinct names in stock').toBeGreaterThanOrEqual(3);
});

describe('wishlist on a phone (spec 001 §4)', () => {
  test('saved offline as a guest, kept over a reload, merged into the account once on login, shared by two tabs, removed and moved to the cart', async () => {
    const [a, b, c] = picks as [ProductPick, ProductPick, ProductPick];
    const email = `verlanglijst-${Date.now()}@example.nl`;
    const created = await api(server, 'POST', `${USER}/create`, {
      customer: { email, firstname: 'Bram', lastname: 'Jansen' },
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    // the account saved product C on another device
    const token = (await api<string>(server, 'POST', `${USER}/login`, { username: email, password: PASSWORD })).body
      .result;
    expect((await api(server, 'POST', `${USER}/wishlist/add?token=${token}`, { productId: c.id })).status).toBe(200);

    const { context, page } = await newPhone();
    // visit the products online first so their documents are on the device, and let the service worker take over
    await openProduct(page, a);
    await openProduct(page, b);
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    for (const pick of [a, b]) {
      await openProduct(page, pick);
      await expect.poll(() => heart(page, pick).getAttribute('aria-pressed')).toBe('false');
      await heart(page, pick).click();
      await expect.poll(() => heart(page, pick).getAttribute('aria-pressed')).toBe('true');
      // the wishlist-add notification asks a guest to log in to keep the list; on a phone a tap on the overlay
      // dismisses it
      const banner = page.getByText('Log in of maak een account aan om je verlanglijst te bewaren.');
      await banner.waitFor();
      await page.locator('.overlay').click();
      await expect.poll(() => banner.count()).toBe(0);
    }

    await openWishlist(page);
    await expect.poll(() => wishlistNames(page), { timeout: 10_000 }).toEqual([a.name, b.name]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Verlanglijst (2)' }).waitFor({ timeout: 15_000 });
    expect(await wishlistNames(page)).toEqual([a.name, b.name]);
    expect(await serverWishlist(email)).toEqual([c.id]);

    await context.setOffline(false);
    await logInAs(page, server.baseUrl, email, PASSWORD);
    // merged once: the account's item stays, the guest's two are added, nothing twice
    await expect.poll(() => serverWishlist(email), { timeout: 15_000 }).toEqual([c.id, a.id, b.id]);
    await openWishlist(page);
    // the account's own item came onto the device, resolved to its product
    await expect.poll(() => wishlistNames(page), { timeout: 15_000 }).toEqual([a.name, b.name, c.name]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Verlanglijst (3)' }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_500);
    expect(await serverWishlist(email)).toEqual([c.id, a.id, b.id]);

    // a second tab shows the same list, and follows a removal made in the first without a reload
    const tabB = await context.newPage();
    await openWishlist(tabB);
    await expect.poll(() => wishlistNames(tabB), { timeout: 10_000 }).toEqual([a.name, b.name, c.name]);
    await page
      .locator('.wishlist-line')
      .filter({ hasText: b.name })
      .getByRole('button', { name: 'Verwijderen' })
      .click();
    await expect.poll(() => wishlistNames(tabB), { timeout: 10_000 }).toEqual([a.name, c.name]);
    await expect.poll(() => serverWishlist(email), { timeout: 15_000 }).toEqual([c.id, a.id]);

    // move to cart from the second tab: the size is asked for, then the item leaves the list for the cart
    const line = tabB.locator('.wishlist-line').filter({ hasText: a.name });
    await line.getByRole('button', { name: 'In winkelwagen' }).click();
    await line.getByRole('button', { name: a.sizeText, exact: true }).click();
    await expect.poll(() => wishlistNames(tabB), { timeout: 10_000 }).toEqual([c.name]);
    await expect.poll(() => wishlistNames(page), { timeout: 10_000 }).toEqual([c.name]);
    await expect.poll(() => tabB.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain('1');
    await expect.poll(() => serverWishlist(email), { timeout: 15_000 }).toEqual([c.id]);
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ sku: string; qty: number }>(
              `select ci.sku, ci.qty from cart_items ci join carts k on k.id = ci.cart_id
                join customers u on u.id = k.customer_id where u.email = $1 and k.is_active`,
              [email],
            )
          ).rows,
        { timeout: 15_000 },
      )
      .toEqual([{ sku: a.childSku, qty: 1 }]);
    await context.close();
  });

  test('an item saved without a size follows the size then chosen on the product page, and moves to the cart without asking again', async () => {
    const [, b] = picks as [ProductPick, ProductPick];
    const { context, page } = await newPhone();
    await openProduct(page, b);
    await heart(page, b).click();
    await expect.poll(() => heart(page, b).getAttribute('aria-pressed')).toBe('true');
    // the wishlist notification's overlay takes the first tap on a phone
    await page.locator('.overlay').click();
    await page.locator('.size-option:not(.is-sold-out)').first().click();
    await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
    // the size shows chosen in the tap's frame; its page (the child's address) follows after that frame
    const lastSegment = () => new URL(page.url()).pathname.split('/').filter(Boolean).at(-1)!;
    await expect.poll(() => lastSegment().startsWith(`${b.sku}-`)).toBe(true);
    const chosenSku = lastSegment();

    await openWishlist(page);
    const line = page.locator('.wishlist-line');
    await expect.poll(() => line.getAttribute('data-sku'), { timeout: 10_000 }).toBe(chosenSku);
    expect(await line.locator('.cart-line-variant').innerText()).toContain('·');
    await line.getByRole('button', { name: 'In winkelwagen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Je verlanglijst is leeg' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain('1');
    await context.close();
  });

  test('the heart on a product tile shows and changes what is on the list', async () => {
    const [a] = picks as [ProductPick];
    const { context, page } = await newPhone();
    await page.goto(`${server.baseUrl}/catalogsearch/result/?q=${encodeURIComponent(a.name)}`);
    const tile = page.locator('.tile').filter({ hasText: a.name }).first();
    const tileHeart = tile.getByRole('button', { name: `${a.name} op je verlanglijst zetten` });
    await tileHeart.waitFor({ timeout: 15_000 });
    expect(await tileHeart.getAttribute('aria-pressed')).toBe('false');
    await tileHeart.click();
    await expect
      .poll(() =>
        tile.getByRole('button', { name: `${a.name} van je verlanglijst verwijderen` }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await openWishlist(page);
    await expect.poll(() => wishlistNames(page), { timeout: 10_000 }).toEqual([a.name]);
    await page.locator('.wishlist-line').getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Je verlanglijst is leeg' }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});
