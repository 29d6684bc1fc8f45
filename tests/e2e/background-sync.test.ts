import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { formatPrice } from '../../domain/money.ts';
import { outboxSyncTag } from '../../domain/storage/outbox-sync-tag.ts';
import { PHONE, serviceWorkerInControl } from './browser.ts';
import { guestCartsSince, lastCartId } from './server-carts.ts';
import {
  addToCart,
  placeOrderOffline,
  serverOrdersOf,
  type OrderableProduct,
  useOrderableShop,
} from './offline-order.ts';

/**
 * Background Sync on a phone (docs/sync-engine.md "Background Sync"): what waits on the device is sent by the service
 * worker when the connection returns, with every tab of the shop closed, exactly once, also when a tab opens at that
 * moment. The sync event is fired through the DevTools Protocol (`ServiceWorker.dispatchSyncEvent`), as the browser
 * does on reconnecting: the test's offline is an emulation the browser's own network watch does not see.
 */

let server: TestServer;
let browser: Browser;
let products: OrderableProduct[];

useOrderableShop(4, (shop) => ({ server, browser, products } = shop));

/**
 * Fires the outbox's sync in the service worker of this context. A blank page (no shop page: no worker of the shop,
 * nothing that could send) carries the DevTools session; it is closed again.
 */
async function fireOutboxSync(context: BrowserContext): Promise<void> {
  const blank = await context.newPage();
  try {
    const cdp = await context.newCDPSession(blank);
    const scope = `${server.baseUrl}/`;
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.baseUrl,
      registrationId: await registrationId,
      tag: outboxSyncTag('nl'),
      lastChance: false,
    });
  } finally {
    await blank.close();
  }
}

/** Closes every page of the context: the shop has no tab open. */
async function closeEveryPage(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) await page.close({ runBeforeUnload: false });
  expect(context.pages()).toHaveLength(0);
}

/** A guest's order placed offline on a phone, then every page of the shop closed and the connection back. */
async function orderOfflineThenCloseEveryTab(context: BrowserContext, product: OrderableProduct): Promise<string> {
  const email = `achtergrond-${Date.now()}@example.nl`;
  await placeOrderOffline(await context.newPage(), context, server, [product], email);
  await closeEveryPage(context);
  await context.setOffline(false);
  expect(await serverOrdersOf(server, email)).toEqual([]);
  return email;
}

/** The server's one order of `email` once the sync has sent it, and still one a moment later (it went once). */
async function theOneOrder(email: string): Promise<{ increment_id: string; grand_total_cents: number; lines: string }> {
  await expect.poll(() => serverOrdersOf(server, email), { timeout: 30_000 }).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const orders = await serverOrdersOf(server, email);
  expect(orders).toHaveLength(1);
  return orders[0]!;
}

/**
 * The order's confirmation as the server has it: placed under its number, waiting for the payment of the amount the
 * server charges, on a page that fits the phone.
 */
async function placedAwaitingPayment(page: Page, order: { increment_id: string; grand_total_cents: number }) {
  await page.getByRole('heading', { level: 1, name: 'Je betaling is nog niet afgerond' }).waitFor({ timeout: 20_000 });
  const amount = formatPrice(order.grand_total_cents);
  await page.getByText(`Bestelling ${order.increment_id} wacht op je betaling van ${amount}.`).waitFor();
  await page.getByRole('button', { name: 'Nu betalen' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const guestCarts = async (sinceId: number) => Object.values(await guestCartsSince(server, sinceId));

describe('Background Sync: sent with every tab closed, exactly once', () => {
  test('an order placed offline is sent by the service worker after the tab is closed; the next page, CPU 4× slower, says so, and "Bekijk je bestelling" tapped at once shows the amount charged and "Nu betalen"', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const email = await orderOfflineThenCloseEveryTab(context, products[0]!);
      await fireOutboxSync(context);
      const order = await theOneOrder(email);
      expect(order.lines).toMatch(new RegExp(`^${products[0]!.childSku}×1@\\d+$`));

      // a cheap phone: the shopper taps the notice's link the moment it shows
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.baseUrl}/`);
      const notice = page.locator('.notification', {
        hasText: 'Je bestelling is verzonden. Rond de betaling af om hem te voltooien.',
      });
      await notice.getByRole('link', { name: 'Bekijk je bestelling' }).tap({ timeout: 20_000 });
      await placedAwaitingPayment(page, order);
    } finally {
      await context.close();
    }
  });

  test('a tab opened on the order’s confirmation at the moment of the sync: still one order, shown placed', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const email = await orderOfflineThenCloseEveryTab(context, products[1]!);
      // the confirmation page sends a waiting order itself as soon as it is online: both try at once
      const page = await context.newPage();
      await Promise.all([page.goto(`${server.baseUrl}/checkout-return/`), fireOutboxSync(context)]);
      await placedAwaitingPayment(page, await theOneOrder(email));
    } finally {
      await context.close();
    }
  });

  test('a sync fired while a shop tab is on the screen leaves the outbox to it: the order placed offline waits for the shopper’s OK', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const email = `bevestigen-${Date.now()}@example.nl`;
      const page = await context.newPage();
      await placeOrderOffline(page, context, server, [products[1]!], email);
      // elsewhere in the shop on a cheap phone, its app still starting when the connection returns and the sync fires
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor({ timeout: 15_000 });
      await context.setOffline(false);
      await fireOutboxSync(context);
      const dialog = page.getByRole('dialog', { name: 'Bestelling verzenden?' });
      await dialog.waitFor({ timeout: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await serverOrdersOf(server, email), 'nothing sent before the OK').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await dialog.getByRole('button', { name: 'Nu verzenden' }).click();
      await theOneOrder(email);
    } finally {
      await context.close();
    }
  });

  test('three cart changes made offline reach the server cart by the service worker after the tab is closed', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const since = await lastCartId(server);
      const page = await context.newPage();
      const [a, b, c] = [products[2]!, products[3]!, products[0]!];
      // online: the cart exists on the server with one line; the other products' pages are seen once
      await addToCart(page, server, a, 1);
      for (const product of [b, c]) {
        await page.goto(server.baseUrl + product.url);
        await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
      }
      await expect.poll(() => guestCarts(since), { timeout: 10_000 }).toEqual([{ [a.childSku]: 1 }]);
      await serviceWorkerInControl(page);

      await context.setOffline(true);
      await addToCart(page, server, b, 2);
      await addToCart(page, server, c, 3);
      await page.goto(`${server.baseUrl}/winkelwagen/`);
      await page.locator(`.cart-line[data-sku="${a.childSku}"] .cart-qty select`).selectOption('2');
      await expect.poll(() => page.getByTestId('cart-count').innerText()).toContain('4');
      await page.getByTestId('outbox-indicator').waitFor({ timeout: 10_000 });
      await closeEveryPage(context);
      await context.setOffline(false);
      expect(await guestCarts(since)).toEqual([{ [a.childSku]: 1 }]);

      await fireOutboxSync(context);
      await expect
        .poll(() => guestCarts(since), { timeout: 30_000 })
        .toEqual([{ [a.childSku]: 2, [b.childSku]: 1, [c.childSku]: 1 }]);

      const next = await context.newPage();
      await next.goto(`${server.baseUrl}/winkelwagen/`);
      for (const product of [a, b, c]) await next.locator(`.cart-line[data-sku="${product.childSku}"]`).waitFor();
      await expect.poll(() => next.getByTestId('cart-count').innerText()).toContain('4');
    } finally {
      await context.close();
    }
  });
});
