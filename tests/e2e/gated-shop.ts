import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServerGate, type GateMode, type ServerGate } from '../support/server-gate.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium, openPage } from './browser.ts';
import { addFirstToCart } from './product-picks.ts';

/** How the server is out of reach: the gate refuses the connection, or accepts it and never answers. */
export type Unreachable = Exclude<GateMode, 'open'>;

/**
 * The budgets of an action that needs the server (docs/checkout-and-orders.md "When the server cannot be reached"): an
 * answer or the Dutch text within 2 s when the connection is refused, 8 s when it is never answered.
 */
export const BUDGET_MS: Record<Unreachable, number> = { refused: 2_000, hung: 8_000 };
/** What a loaded test machine (2 cores shared with other runs) gets on top of a budget. */
export const LOADED_MACHINE_MS = 1_500;

/** The offline text of the message catalogue that every action of the server says when it cannot reach it. */
export const OFFLINE = 'Je bent offline. Probeer het opnieuw als je weer online bent.';

/** A phone of the shop reached through the gate (tests/support/server-gate.ts), and what the tests do with it. */
export interface GatedShop {
  server: TestServer;
  gate: ServerGate;
  page: Page;
  /** An address of the shop as the browser reaches it (through the gate). */
  at(path: string): string;
  /** Opens a page of the shop with the server reachable, and waits until the app has stopped asking it. */
  open(path: string): Promise<void>;
  /**
   * Closes the gate, runs the shopper's tap and waits for `answer` to show: answers how long it took from the tap.
   * Then no control of the page is still busy by the action (the spinner that stays).
   */
  timed(mode: Unreachable, tap: () => Promise<void>, answer: Locator): Promise<number>;
  /** The notification that says `text`. */
  notification(text: string): Locator;
  /** A product in stock in the cart, added with the server reachable. */
  aProductInTheCart(): Promise<void>;
}

/**
 * The setup of a file of server-unreachable tests: the seeded test server serving the built app behind a gate, and
 * one phone in Chromium, started before the file's tests and closed after them. The returned object's fields are set
 * once `beforeAll` has run.
 */
export function useGatedShop(): GatedShop {
  let browser: Browser;
  let context: BrowserContext;
  const shop = {} as GatedShop;

  beforeAll(async () => {
    shop.server = await startTestServer({ products: 12, staticDir: 'dist' });
    shop.gate = await startServerGate(shop.server.baseUrl);
    browser = await launchChromium();
    ({ context, page: shop.page } = await openPage(browser));
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await shop.gate?.close();
    await shop.server?.close();
  });

  shop.at = (path) => `${shop.gate.baseUrl}${path}`;
  shop.open = async (path) => {
    await shop.gate.set('open');
    await shop.page.goto(shop.at(path));
    await shop.page.waitForLoadState('networkidle');
  };
  shop.timed = async (mode, tap, answer) => {
    await shop.gate.set(mode);
    const tapped = Date.now();
    await tap();
    await answer.waitFor({ timeout: BUDGET_MS[mode] + 10_000 });
    const took = Date.now() - tapped;
    expect(await shop.page.locator('[aria-busy="true"], .loader').count()).toBe(0);
    return took;
  };
  shop.notification = (text) => shop.page.locator('.notification', { hasText: text });
  shop.aProductInTheCart = async () => {
    const { rows } = await shop.server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
      `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
         join stock_items s on s.sku = c.sku
        where s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
    );
    const product = rows[0]!;
    await shop.gate.set('open');
    await addFirstToCart(shop.page, {
      url: shop.at(`/p/${product.parent}/${product.slug}/${product.sku}`),
      name: product.name,
    });
  };
  return shop;
}
