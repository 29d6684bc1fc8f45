import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { outboxSyncTag } from '../../domain/storage/outbox-sync-tag.ts';
import { PHONE, useAppInChromium } from './browser.ts';
import { guestCartsSince, lastCartId } from './server-carts.ts';
import {
  addToCart,
  orderableProducts,
  placeOrderOffline,
  serverOrdersOf,
  type OrderableProduct,
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

useAppInChromium({ products: 60, staticDir: 'dist' }, async (app) => {
  ({ server, browser } = app);
  products = await orderableProducts(server);
  expect(products.length).toBeGreaterThanOrEqual(4);
});

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

/** The shop's page after the sync: the worker tells what was sent while it was closed, and the way to pay. */
async function paysSentOrder(page: Page, incrementId: string): Promise<void> {
  const notice = page.locator('.notification', { hasText: 'Je bestelling is verzonden.' });
  await notice.waitFor({ timeout: 15_000 });
  await notice.getByRole('link', { name: 'Nu betalen' }).click();
  await placedAwaitingPayment(page, incrementId);
}

/** The order's confirmation as the server has it: placed under its number, waiting for the payment. */
async function placedAwaitingPayment(page: Page, incrementId: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Je betaling is nog niet afgerond' }).waitFor({ timeout: 20_000 });
  await page.getByText(`Bestelling ${incrementId} wacht op je betaling van`, { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Nu betalen' }).waitFor();
}

const guestCarts = async (sinceId: number) => Object.values(await guestCartsSince(server, sinceId));

describe('Background Sync: sent with every tab closed, exactly once', () => {
  test('an order placed offline is sent by the service worker after the tab is closed; the next page shows it placed, with "Nu betalen"', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const email = `achtergrond-${Date.now()}@example.nl`;
      await placeOrderOffline(await context.newPage(), context, server, [products[0]!], email);
      await closeEveryPage(context);
      await context.setOffline(false);
      expect(await serverOrdersOf(server, email)).toEqual([]);

      await fireOutboxSync(context);
      await expect.poll(() => serverOrdersOf(server, email), { timeout: 30_000 }).toHaveLength(1);
      // nothing more arrives later: the order went once
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const orders = await serverOrdersOf(server, email);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.lines).toMatch(new RegExp(`^${products[0]!.childSku}×1@\\d+$`));

      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`);
      await paysSentOrder(page, orders[0]!.increment_id);
    } finally {
      await context.close();
    }
  });

  test('a tab opened on the order’s confirmation at the moment of the sync: still one order, shown placed', async () => {
    const context = await browser.newContext(PHONE);
    try {
      const email = `gelijktijdig-${Date.now()}@example.nl`;
      await placeOrderOffline(await context.newPage(), context, server, [products[1]!], email);
      await closeEveryPage(context);
      await context.setOffline(false);
      // the confirmation page sends a waiting order itself as soon as it is online: both try at once
      const page = await context.newPage();
      await Promise.all([page.goto(`${server.baseUrl}/checkout-return/`), fireOutboxSync(context)]);
      await expect.poll(() => serverOrdersOf(server, email), { timeout: 30_000 }).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const orders = await serverOrdersOf(server, email);
      expect(orders).toHaveLength(1);
      await placedAwaitingPayment(page, orders[0]!.increment_id);
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
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });

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
