import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, startTestServer, type TestServer } from '../support/test-server.ts';
import { launchChromium, logInAs } from './browser.ts';
import { finishPayment, placeOrderInAmsterdam } from './checkout-form.ts';

/**
 * The cart line shows its variant (spec 001 §3 option mapping for size and colour): the colour and size chosen on the
 * product page are read back as "<colour> · <size>" wherever the line appears, on a phone with the CPU 4× slower, each
 * page no wider than the phone.
 */
interface Doc {
  sku: string;
  name: string;
  slug?: string;
  url_key?: string;
  color_label?: string;
  size_conversion?: Record<string, { eu: string; cm: string }>;
  configurable_children?: { sku: string; size_label?: string; stock?: { qty: number } }[];
}

const USER = '/api/ext/shop/user';
const EMAIL = `variant.${Date.now()}@example.nl`;
const PASSWORD = 'Zomer#Jas2026';

let server: TestServer;
let browser: Browser;
let page: Page;
let shirt: Doc;

beforeAll(async () => {
  server = await startTestServer({ products: 60, staticDir: 'dist' });
  const search = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 100,
  });
  // a colour and at least two sizes in stock, so choosing a size is a real choice; sizes that convert (not jeans)
  shirt = search.body.result.items.find(
    (p) =>
      p.color_label &&
      p.size_conversion &&
      !(p.configurable_children ?? []).some((c) => c.size_label?.startsWith('W')) &&
      (p.configurable_children ?? []).filter((c) => c.size_label && (c.stock?.qty ?? 0) >= 5).length >= 2,
  )!;
  const created = await api(server, 'POST', `${USER}/create`, {
    customer: { email: EMAIL, firstname: 'Sem', lastname: 'Bakker' },
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  browser = await launchChromium();
  page = await (
    await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true })
  ).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A product document (a configurable child too) as the catalogue answers it. */
async function catalogDoc(sku: string): Promise<Doc & { size_label?: string }> {
  const res = await api<{ items: Array<Doc & { size_label?: string }> }>(
    server,
    'POST',
    '/api/catalog/nl/product/_search',
    {
      filter: { sku, visibility: { in: [1, 2, 3, 4] } },
      size: 1,
    },
  );
  return res.body.result.items[0]!;
}

/** The server's lines of the newest cart: sku and the chosen option values. */
async function serverLines(): Promise<Array<[string, unknown]>> {
  const { rows } = await server.db.query<{ sku: string; product_option: unknown }>(
    'select ci.sku, ci.product_option from cart_items ci where ci.cart_id = (select max(id) from carts) order by ci.item_id',
  );
  return rows.map((r) => [r.sku, r.product_option]);
}

describe('the cart line shows its variant (spec 001 §3 option mapping)', () => {
  test('colour and size chosen on the product page read "<colour> · <size>" in the size system the shopper chose, in the mini-cart, cart, checkout and order detail', async () => {
    await logInAs(page, server.baseUrl, EMAIL, PASSWORD);
    // Lighthouse's mobile CPU, four times slower: every control is used the moment it shows
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const fitsPhone = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

    // choose the colour (another colour of the model when there is one) and a size on the product page
    await page.goto(`${server.baseUrl}/p/${shirt.sku}/${shirt.slug ?? shirt.url_key}`);
    await page.getByRole('heading', { level: 1, name: shirt.name }).waitFor();
    const otherColour = page.locator('.colour-list a.colour-swatch').first();
    if (await otherColour.count()) {
      await otherColour.tap();
      await page.waitForURL((url) => !url.pathname.startsWith(`/p/${shirt.sku}/`));
    }
    const colour = (await page.locator('.option-group legend strong').first().innerText()).trim();
    expect(colour).not.toBe('');
    // the shopper reads sizes in centimetres: every screen after names the size so, with the EU size beside it
    await page.getByLabel('Maatsysteem').selectOption('size_cm');
    const size = page.locator('.size-option:not(.is-sold-out)').last();
    const shown = (await size.innerText()).trim();
    await size.tap();
    await expect.poll(() => page.locator('.size-option.is-selected').innerText()).toBe(shown);
    await page.waitForURL((url) => url.pathname.split('/').length === 5);
    const childSku = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    const sizeLabel = (await catalogDoc(childSku)).size_label!;
    const parentSku = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const conversion = (await catalogDoc(parentSku)).size_conversion![sizeLabel]!;
    expect(shown).toBe(conversion.cm);
    await expect.poll(() => page.getByLabel('Maatsysteem').inputValue()).toBe('size_cm');
    await page.getByRole('button', { name: 'In winkelwagen' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toContain('1');
    const variant = `${colour} · CM ${conversion.cm} (EU ${conversion.eu})`;

    // mini-cart
    await page.locator('.minicart-button').tap();
    const microcart = page.locator('aside.microcart');
    await expect.poll(() => microcart.locator('.cart-line-variant').innerText()).toBe(variant);
    await fitsPhone();
    await microcart.getByRole('button', { name: 'Sluiten' }).tap();

    // cart page
    await page.goto(`${server.baseUrl}/winkelwagen/`);
    await page.getByRole('heading', { level: 1, name: 'Winkelwagen' }).waitFor();
    expect(await page.locator(`.cart-line[data-sku="${childSku}"] .cart-line-variant`).innerText()).toBe(variant);
    await fitsPhone();

    // the server's line sells the chosen child with the chosen options
    await expect
      .poll(serverLines, { timeout: 15_000 })
      .toEqual([
        [childSku, { extension_attributes: { configurable_item_options: [expect.anything(), expect.anything()] } }],
      ]);

    // checkout summary, then the order
    await page.goto(`${server.baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor();
    await expect.poll(() => page.locator('.cart-line-variant').innerText(), { timeout: 15_000 }).toBe(variant);
    await fitsPhone();
    await placeOrderInAmsterdam(page);
    const orderId = await finishPayment(page, 'Betalen');
    await page.getByRole('heading', { level: 1, name: 'Bedankt voor je bestelling!' }).waitFor({ timeout: 15_000 });

    // the account's order detail reads the options the server stored on the order line
    await page.goto(`${server.baseUrl}/mijn-account/aankopen/${orderId}`);
    const line = page.locator('.order-items li').filter({ hasText: childSku });
    await expect.poll(() => line.locator('.order-item-variant').innerText(), { timeout: 15_000 }).toBe(variant);
    await fitsPhone();

    // and the order e-mail, sent when the order was paid
    const { rows } = await server.db.query<{ body: string }>(
      `select body from outbox_emails where to_address = $1 and body like 'Bedankt voor je bestelling!%'`,
      [EMAIL],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain(`Maat CM ${conversion.cm} (EU ${conversion.eu})`);
  });
});
