import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatPrice, toCents } from '../../domain/money.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';
import {
  ANTWERPEN,
  expectBelgianMethods,
  fillDeliveryAddress,
  fillGuestDetails,
  shippingMethodChosen,
} from './checkout-form.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * The Belgian store on a phone (spec 000 §2 one store code per storefront, no store code in URLs; §1 BE tax; spec
 * 001 §1 nl-be; §2 content with the store prefix): the footer's store switch opens the BE store at the same address,
 * with the nl-BE texts, the BE home story, a cart of its own that the server keeps in store view `be` and taxes as
 * Belgian, the BE methods in the checkout; the choice survives a reload, and switching back finds the NL cart.
 */
let server: TestServer;
let browser: Browser;
let shirt: ProductPick;
/** A book: the seed's reduced tax class (NL 9 %, BE 6 %), so the store's tax shows in its totals. */
let book: { sku: string; name: string; url: string; priceCents: number };

useShopInChromium({ products: 20, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  [shirt] = await configurablePicks(server, 2);
  const { rows } = await server.db.query<{ sku: string; name: string; slug: string; price_cents: number }>(
    `select p.sku, p.name, p.slug, p.price_cents from products p join stock_items s on s.product_id = p.id
      where p.tax_class_id = 5 and p.type_id = 'simple' and p.status = 1 and p.visibility in (2, 3, 4)
        and p.special_price_cents is null and s.is_in_stock and s.qty >= 2
      order by p.id limit 1`,
  );
  expect(rows[0], 'the seed has a book in stock').toBeDefined();
  const [row] = rows;
  book = {
    sku: row.sku,
    name: row.name,
    url: `${server.baseUrl}/p/${row.sku}/${row.slug}`,
    priceCents: row.price_cents,
  };
});

const cartCount = (page: Page) => page.getByTestId('cart-count').innerText();

/** The footer's store switch, as a shopper scrolls down to it and taps a country. */
async function switchStore(page: Page, country: 'Nederland' | 'België'): Promise<void> {
  const button = page.getByRole('navigation', { name: 'Kies je land' }).getByRole('button', { name: country });
  await button.scrollIntoViewIfNeeded();
  await Promise.all([page.waitForEvent('load'), button.click()]);
  await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
}

async function openProduct(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
}

/** The device's active server cart in a store view, once the queued add reached the server. */
async function serverCartIn(storeCode: 'nl' | 'be', sku: string): Promise<string> {
  let cartId = '';
  await expect
    .poll(
      async () => {
        const { rows } = await server.db.query<{ cart_id: string }>(
          `select c.cart_id from carts c join cart_items i on i.cart_id = c.id
            where c.store_code = $1 and c.is_active and i.sku = $2 order by c.id desc limit 1`,
          [storeCode, sku],
        );
        cartId = rows[0]?.cart_id ?? '';
        return cartId;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return cartId;
}

describe('the Belgian store', () => {
  test('switch to BE: nl-BE texts, BE content, a BE cart taxed as Belgian, BE checkout; kept on reload; NL cart back', async () => {
    const { context, page } = await openPage(browser);

    // the Dutch store by default, with a shirt in its cart
    await openProduct(page, shirt.url, shirt.name);
    await page.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect.poll(() => cartCount(page)).toContain('1');
    // a screen reader hears the singular for one line
    expect(await page.getByTestId('cart-count').textContent()).toContain('1 artikel in je winkelwagen');
    const nlCart = await serverCartIn('nl', shirt.childSku);

    // the store switch: the same page, now in the BE store, with its own (empty) cart
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'De nieuwe collectie is binnen' }).waitFor({ timeout: 15_000 });
    await switchStore(page, 'België');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: 'De nieuwe collectie, nu ook in België' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('nl-BE');
    await expect.poll(() => cartCount(page)).toContain('0');
    expect(await page.getByTestId('cart-count').textContent()).toContain('artikelen in je winkelmandje');

    // a book in the BE cart: nl-BE texts, and the server cart is store view 2 (be), taxed at BE's 6 %
    await openProduct(page, book.url, book.name);
    expect(await page.locator('.product-info .product-price').innerText()).toContain(formatPrice(book.priceCents));
    await page.getByRole('button', { name: 'In winkelmandje' }).click();
    await page.getByText('Het product is toegevoegd aan je winkelmandje!').waitFor();
    await expect.poll(() => cartCount(page)).toContain('1');
    expect(await page.getByTestId('cart-count').textContent()).toContain('1 artikel in je winkelmandje');
    const beCart = await serverCartIn('be', book.sku);
    expect(beCart).not.toBe(nlCart);
    const { rows: views } = await server.db.query<{ store_id: number }>(
      'select v.store_id from carts c join store_views v on v.code = c.store_code where c.cart_id = $1',
      [beCart],
    );
    expect(views).toEqual([{ store_id: 2 }]);
    const totals = await api<{ items: { sku: string; tax_percent: number }[] }>(
      server,
      'GET',
      `/api/ext/shop/cart/totals?cartId=${beCart}`,
    );
    expect(totals.body.result.items.map((i) => [i.sku, i.tax_percent])).toEqual([[book.sku, 6]]);

    // the BE checkout: the address starts in Belgium, the BE methods and prices, Bancontact and never iDEAL, and
    // the VAT on screen is the server's Belgian amount
    await page.goto(`${server.baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
    const countrySelect = page.locator('form.checkout-form').getByLabel(/^Land/);
    expect(await countrySelect.inputValue()).toBe('BE');
    await fillGuestDetails(page, { email: 'belg@example.be' });
    await fillDeliveryAddress(page, ANTWERPEN);
    await shippingMethodChosen(page);
    await expectBelgianMethods(page);
    const charged = async () =>
      (
        await api<{ tax_amount: number; shipping_incl_tax: number }>(
          server,
          'GET',
          `/api/ext/shop/cart/totals?cartId=${beCart}`,
        )
      ).body.result;
    // BE home delivery is € 6,95 below € 75 (NL: € 4,95 below € 50), once the worker sent the method
    const homeBe = book.priceCents < 7_500 ? 695 : 0;
    await expect.poll(async () => toCents((await charged()).shipping_incl_tax), { timeout: 15_000 }).toBe(homeBe);
    await expect
      .poll(() => page.locator('dd.checkout-tax').innerText(), { timeout: 15_000 })
      .toBe(formatPrice(toCents((await charged()).tax_amount)));

    // the choice is remembered: a reload stays in the BE store with its cart
    await page.goto(`${server.baseUrl}/winkelwagen/`);
    await page.getByRole('heading', { level: 1, name: 'Winkelmandje' }).waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Winkelmandje' }).waitFor({ timeout: 15_000 });
    await page.locator('.cart-line').getByRole('link', { name: book.name }).first().waitFor();
    await expect.poll(() => cartCount(page)).toContain('1');

    // back to NL: the Dutch texts and the NL cart with the shirt, not the book
    await switchStore(page, 'Nederland');
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor({ timeout: 15_000 });
    // (the cart page's recommendations may offer the book: only the cart's own lines count)
    await page.locator('.cart-line').getByRole('link', { name: shirt.name }).first().waitFor();
    expect(await page.locator('.cart-line').getByRole('link', { name: book.name }).count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    await context.close();
  });

  test('a page the server sent for the Dutch store stays Dutch when the remembered store changes before the app starts', async () => {
    const { context, page } = await openPage(browser);
    try {
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // Belgium chosen in another tab after the server answered for the Netherlands, before this page's app ran
      await context.addInitScript(() => {
        document.cookie = 'ofm_store=be; path=/';
      });
      await openProduct(page, shirt.url, shirt.name);
      await page.getByRole('button', { name: 'In winkelwagen' }).tap();
      await expect.poll(() => cartCount(page), { timeout: 15_000 }).toContain('1');
      // the app took the page's store: its texts, its worker and so its server cart are the Dutch store's
      expect(await page.locator('html').getAttribute('data-store')).toBe('nl');
      expect(await page.locator('html').getAttribute('lang')).toBe('nl');
      expect(await page.locator('.minicart-button > .visually-hidden').innerText()).toBe('Winkelwagen');
      await serverCartIn('nl', shirt.childSku);
    } finally {
      await context.close();
    }
  });
});
