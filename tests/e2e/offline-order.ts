import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Product } from '../../contract/catalog.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { acceptTerms, fillDeliveryAddress, fillGuestDetails, placeOrderButton } from './checkout-form.ts';
import { serviceWorkerInControl, useAppInChromium } from './browser.ts';

/** A configurable product of the seed with a child that has stock: its page and the child's sku. */
export interface OrderableProduct {
  name: string;
  url: string;
  childSku: string;
}

export async function orderableProducts(server: TestServer): Promise<OrderableProduct[]> {
  const search = await api<{ items: Product[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 100,
  });
  const products: OrderableProduct[] = [];
  for (const p of search.body.result.items) {
    const child = (p.configurable_children ?? []).find((c) => c.stock?.is_in_stock && (c.stock?.qty ?? 0) >= 5);
    if (child)
      products.push({ name: p.name, url: `/p/${p.sku}/${p.slug ?? p.url_key}/${child.sku}`, childSku: child.sku });
  }
  return products;
}

export interface OrderableShop {
  server: TestServer;
  browser: Browser;
  products: OrderableProduct[];
}

/**
 * The setup of an order test file: the seeded server (60 products) serving the built app, Chromium, and at least
 * `least` orderable products, handed to `started` before the file's tests.
 */
export function useOrderableShop(least: number, started: (shop: OrderableShop) => unknown): void {
  useAppInChromium({ products: 60, staticDir: 'dist' }, async ({ server, browser }) => {
    const products = await orderableProducts(server);
    expect(products.length).toBeGreaterThanOrEqual(least);
    started({ server, browser, products });
  });
}

/** Puts a product in the cart on its page, as a shopper does. */
export async function addToCart(page: Page, server: TestServer, product: OrderableProduct, count: number) {
  await page.goto(server.baseUrl + product.url);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain(String(count));
}

/**
 * The checkout filled online with the server's totals in (the service worker in control, so pages load offline),
 * then the network gone and the order placed: it waits on its confirmation.
 */
export async function placeOrderOffline(
  page: Page,
  context: BrowserContext,
  server: TestServer,
  products: OrderableProduct[],
  email: string | null,
): Promise<void> {
  for (const [i, product] of products.entries()) await addToCart(page, server, product, i + 1);
  await page.goto(`${server.baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
  // a logged-in customer's details come from the account (email null)
  if (email) await fillGuestDetails(page, { email, firstname: 'Sanne', lastname: 'Visser' });
  await fillDeliveryAddress(page);
  await acceptTerms(page);
  await page.locator('.checkout-totals[aria-busy="false"]').waitFor({ timeout: 15_000 });
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await page.getByText('Je bent offline: deze totalen zijn voorlopig.', { exact: false }).waitFor();
  await placeOrderButton(page).click();
  await page.getByRole('heading', { level: 1, name: 'Je bestelling wacht' }).waitFor({ timeout: 15_000 });
}

/** The server's orders of a shopper, with their lines. */
export async function serverOrdersOf(server: TestServer, email: string) {
  const { rows } = await server.db.query<{ increment_id: string; grand_total_cents: number; lines: string }>(
    `select o.increment_id, o.grand_total_cents,
            string_agg(i.sku || '×' || i.qty || '@' || i.price_cents, ',' order by i.sku) as lines
       from orders o join order_items i on i.order_pk = o.id where o.email = $1
      group by o.id order by o.id`,
    [email],
  );
  return rows;
}
