import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Product } from '../../contract/catalog.ts';
import { ENGINES, openEngine, Shopper, type EngineName } from '../support/engines/index.ts';
import { startServerGate, type ServerGate } from '../support/server-gate.ts';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { serverOrdersOf } from './offline-order.ts';
import { guestCartsSince, lastCartId } from './server-carts.ts';

/**
 * The key journeys in Chromium, WebKitGTK (Safari's engine) and Firefox ESR, on a phone-sized page with an empty
 * profile each (docs/testing.md "Every engine"): nothing the shopper did disappears between pages, a cart made while
 * the server cannot be reached reaches it once, and an order placed then waits, is told at once, and is sent once.
 * The server is reached through a gate that refuses or swallows connections, as a failing network does.
 */

const DEMO = { email: 'demo@ofm-shop.nl', password: 'Welkom#2026', firstname: 'Daan' };
const STORAGE_BROKEN = 'De opslag op dit apparaat werkt niet';

/** A configurable product with two sizes in stock: its page with the first size chosen, and both sizes' skus. */
interface TwoSizes {
  name: string;
  url: string;
  skus: [string, string];
}

async function productsWithTwoSizes(server: TestServer): Promise<TwoSizes[]> {
  const search = await api<{ items: Product[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 100,
  });
  const found: TwoSizes[] = [];
  for (const p of search.body.result.items) {
    const inStock = (p.configurable_children ?? []).filter((c) => c.stock?.is_in_stock && (c.stock?.qty ?? 0) >= 5);
    if (inStock.length < 2) continue;
    found.push({
      name: p.name,
      url: `/p/${p.sku}/${p.slug ?? p.url_key}/${inStock[0]!.sku}`,
      skus: [inStock[0]!.sku, inStock[1]!.sku],
    });
  }
  return found;
}

const cartCount = (shopper: Shopper) => shopper.text('[data-testid="cart-count"]');

/** On the product's page, "In winkelwagen" tapped as it shows; the header's count then says `count`. */
async function addToCart(shopper: Shopper, count: number): Promise<void> {
  await shopper.find({ css: '.size-option.is-selected' });
  await shopper.tap({ css: 'button', text: 'In winkelwagen' });
  await shopper
    .until(async () => (await cartCount(shopper)).includes(String(count)), 10_000)
    .catch(async () => {
      throw new Error(`${shopper.engine}: the cart count says "${await cartCount(shopper)}", not ${count}`);
    });
}

/** Waits until a service worker controls the page: what opens while the server cannot be reached needs it. */
async function serviceWorkerInControl(shopper: Shopper): Promise<void> {
  await shopper.until(() => shopper.driver.run<boolean>('return !!navigator.serviceWorker?.controller;'), 30_000);
}

describe.each(ENGINES)('%s: the key journeys on a phone', (engine: EngineName) => {
  let server: TestServer;
  let gate: ServerGate;
  let products: TwoSizes[];

  beforeAll(async () => {
    server = await startTestServer({ products: 40, staticDir: 'dist' });
    gate = await startServerGate(server.baseUrl);
    products = await productsWithTwoSizes(server);
    expect(products.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await gate?.close();
    await server?.close();
  });

  /** A fresh browser of the engine, closed after `run` whatever happens. */
  async function asShopper(run: (shopper: Shopper) => Promise<void>): Promise<void> {
    const driver = await openEngine(engine);
    try {
      await run(new Shopper(driver, gate.baseUrl));
    } finally {
      await driver.close();
    }
  }

  test('log in, put a product in the cart and walk six pages: still logged in, the cart and the e-mail kept, storage on the device', async () => {
    await asShopper(async (shopper) => {
      await shopper.open('/login/');
      await shopper.fill({ label: 'E-mailadres', within: 'main' }, DEMO.email);
      await shopper.fill({ label: 'Wachtwoord', within: 'main' }, DEMO.password);
      await shopper.tap({ css: 'main form button[type="submit"]', text: 'Inloggen' });
      // a fresh profile's first page installs the service worker and opens the device database: give it time
      await shopper.sees('Welkom terug', '.account-content', 30_000);
      await shopper.open(products[0]!.url);
      await addToCart(shopper, 1);
      for (const path of ['/mijn-account/', '/', '/checkout/', '/mijn-account/', '/winkelwagen/', '/mijn-account/']) {
        await shopper.open(path);
        if (path === '/mijn-account/') await shopper.sees(`Welkom terug, ${DEMO.firstname}`, '.account-content');
        if (path === '/winkelwagen/') await shopper.sees(products[0]!.name, 'main');
        if (path === '/checkout/') {
          await shopper.sees('Afrekenen', 'main');
          await shopper.sees(products[0]!.name, 'main');
        }
        expect(await shopper.text(), `${engine} ${path}`).not.toContain(STORAGE_BROKEN);
      }
      await shopper.open('/?diagnostics=1');
      await shopper.sees('Opslagdiagnose');
      expect(await shopper.text()).toContain('Op dit apparaat');
    });
  });

  test('a cart made while the server cannot be reached survives a reload and reaches the server once', async () => {
    const since = await lastCartId(server);
    const product = products[1]!;
    await asShopper(async (shopper) => {
      await shopper.open(product.url);
      await addToCart(shopper, 1);
      await serviceWorkerInControl(shopper);
      await gate.set('refused');
      // another size, tapped as a shopper does on the product's page
      await shopper.tap({ css: '.size-option:not(.is-selected):not([disabled]):not([aria-disabled="true"])' });
      await addToCart(shopper, 2);
      await shopper.reload();
      await shopper.until(async () => (await cartCount(shopper)).includes('2'), 15_000);
      await gate.set('open');
      await shopper.until(async () => {
        const carts = Object.values(await guestCartsSince(server, since));
        return carts.length === 1 && Object.values(carts[0]!).reduce((a, b) => a + b, 0) === 2;
      }, 20_000);
      const [cart] = Object.values(await guestCartsSince(server, since));
      expect(Object.keys(cart!).length).toBe(2);
      expect(Object.values(cart!)).toEqual([1, 1]);
      await shopper.open('/winkelwagen/');
      await shopper.sees(product.name, 'main');
      expect(await cartCount(shopper)).toContain('2');
    });
  });

  // the budgets (docs/checkout-and-orders.md): 2 s when refused, 8 s when never answered; a loaded test machine gets 2 s more
  test.each([
    ['refuses connections', 'refused', 4_000],
    ['accepts and never answers', 'hung', 10_000],
  ] as const)(
    'an order placed while the server %s waits, says so within seconds, and is sent once on the next visit',
    async (_, mode, withinMs) => {
      const email = `${engine}-${mode}-${Date.now()}@example.nl`;
      const product = products[2]!;
      await asShopper(async (shopper) => {
        await shopper.open(product.url);
        await addToCart(shopper, 1);
        await shopper.open('/checkout/');
        await shopper.sees('Afrekenen', 'main');
        const form = 'form.checkout-form';
        await shopper.fill({ label: 'E-mailadres', within: form }, email);
        await shopper.fill({ label: 'Voornaam', within: form }, 'Sanne');
        await shopper.fill({ label: 'Achternaam', within: form }, 'Visser');
        await shopper.choose({ label: 'Land', within: form }, 'Nederland');
        await shopper.fill({ label: 'Postcode', within: form }, '1015 CJ');
        await shopper.fill({ label: 'Huisnummer', within: form }, '1');
        await shopper.fill({ label: 'Straat', within: form }, 'Keizersgracht');
        await shopper.fill({ label: 'Plaats', within: form }, 'Amsterdam');
        await shopper.tap({ label: 'algemene voorwaarden', within: form });
        await shopper.find({ css: '.checkout-totals[aria-busy="false"]' });
        await serviceWorkerInControl(shopper);

        await gate.set(mode);
        const tapped = Date.now();
        await shopper.tap({ css: `${form} button`, text: 'Bestelling plaatsen' });
        await shopper.sees('Je bestelling wacht', 'main', 15_000);
        expect(Date.now() - tapped).toBeLessThan(withinMs);
        expect(await serverOrdersOf(server, email)).toEqual([]);

        // the shopper leaves; the server comes back; the next visit sends the order, once
        await shopper.driver.goto('about:blank');
        await gate.set('open');
        await shopper.open('/');
        await shopper.until(async () => (await serverOrdersOf(server, email)).length === 1, 20_000);
        // the device heard the answer: the ordered line has left the cart
        await shopper.until(async () => (await cartCount(shopper)).startsWith('0'), 15_000);
        await shopper.reload();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const orders = await serverOrdersOf(server, email);
        expect(orders).toHaveLength(1);
        expect(orders[0]!.lines).toMatch(new RegExp(`^${product.skus[0]}×1@`));

        // and the shopper shops on: the next product lands in the cart and on the server
        await shopper.open(products[0]!.url);
        await addToCart(shopper, 1);
      });
    },
  );
});
