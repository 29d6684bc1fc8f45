import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium } from './browser.ts';

/**
 * The cart UI on the real sync engine: the add-to-cart button, the mini-cart count from the cart live query, the
 * cart page's quantity edit and the confirmation before removing (spec 000 §9).
 */
interface Doc {
  sku: string;
  name: string;
  slug?: string;
  url_key?: string;
  configurable_children?: { sku: string; stock?: { is_in_stock: boolean; qty: number } }[];
}

let server: TestServer;
let browser: Browser;
let page: Page;
let product: Doc;

const cartCount = () => page.getByTestId('cart-count').innerText();

beforeAll(async () => {
  server = await startTestServer({ products: 60, staticDir: 'dist' });
  const search = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 100,
  });
  // Enough stock for a quantity of 2.
  product = search.body.result.items.find((p) => (p.configurable_children ?? []).some((c) => (c.stock?.qty ?? 0) >= 5))!;
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('cart UI (issue 5 "App")', () => {
  test('add to cart updates the mini-cart count; the cart page edits the quantity and removes a line only after confirmation', async () => {
    const child = product.configurable_children!.find((c) => (c.stock?.qty ?? 0) >= 5)!;
    await page.goto(`${server.baseUrl}/p/${product.sku}/${product.slug ?? product.url_key}/${child.sku}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
    await expect.poll(cartCount).toContain('0');

    await page.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect.poll(cartCount).toContain('1');
    await page.getByText('Het product is toegevoegd aan je winkelwagen!').waitFor();

    await page.goto(`${server.baseUrl}/winkelwagen/`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    await page.getByRole('link', { name: product.name }).first().waitFor();
    await page.getByLabel('Aantal').selectOption('2');
    await expect.poll(cartCount).toContain('2');

    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verwijderen' });
    await dialog.getByText('Dit product uit je winkelwagen verwijderen?').waitFor();
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect.poll(cartCount).toContain('2');

    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await dialog.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Je winkelwagen is leeg' }).waitFor();
    await expect.poll(cartCount).toContain('0');
  });
});
