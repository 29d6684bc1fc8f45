import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DONATION_CAUSES } from '../../server/seed/content-pages.ts';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer.ts';
import type { TestServer } from '../support/test-server.ts';
import { logInAs, openPage } from './browser.ts';
import { fillDeliveryAddress, fillGuestDetails, shippingMethodChosen } from './checkout-form.ts';
import { useShopWithPicks, type ProductPick } from './product-picks.ts';

/** axe-core's rules of WCAG 2.0, 2.1 and 2.2, levels A and AA (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One element breaking one rule on one page, as a failure prints it. */
export interface Violation {
  page: string;
  rule: string;
  impact: string;
  help: string;
  /** axe's CSS selector of the element (through iframes and shadow roots). */
  element: string;
}

/** axe-core's WCAG 2.2 A/AA violations of the page as it is now, one per element. */
export async function wcagViolations(page: Page, label: string): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((node) => ({
      page: label,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      element: node.target.map(String).join(' >> '),
    })),
  );
}

/** Rule id, page and element of each violation, one a line: what to fix, readable in the failure. */
export function violationReport(found: Violation[]): string {
  return found.map((v) => `${v.rule} (${v.impact}) on ${v.page}: ${v.element} — ${v.help}`).join('\n');
}

/** A page of the route table (src/app/router.tsx) by one of its addresses, and what shows it is there. */
interface RoutePage {
  /** The route as the router table names it (the dispatcher's views by the view). */
  route: string;
  path: string;
  /** A selector on the page once it shows its content; the page's heading unless said otherwise. */
  ready?: string;
}

/** Goes to the page, waits for its content (no loader left in it), answers its violations. */
async function scanPage(page: Page, baseUrl: string, { route, path, ready = 'h1' }: RoutePage): Promise<Violation[]> {
  await page.goto(baseUrl + path);
  return scanShown(page, `${route} ${path}`, ready);
}

/** The page as shown now, once `ready` is visible and its loaders are gone. */
async function scanShown(page: Page, label: string, ready = 'h1'): Promise<Violation[]> {
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
  await page
    .waitForFunction(() => !document.querySelector('main .loader'), undefined, { timeout: 10_000 })
    // a page whose data never comes still has to pass with its loader
    .catch(() => undefined);
  return wcagViolations(page, label);
}

/** The seed's addresses of the routes a shopper reaches without a cart, a login or a choice (the empty states). */
async function emptyStatePages(server: TestServer, pick: ProductPick): Promise<RoutePage[]> {
  const first = async (sql: string) => Object.values((await server.db.query<Record<string, string>>(sql)).rows[0]!)[0]!;
  const category = await first(`select url_path from url_rewrites where store_code = 'nl' and entity_type = 'category'
                                  and redirect_type is null order by length(url_path) desc, url_path limit 1`);
  const categorySlug = await first(
    `select slug from categories where is_active and level = 2 order by position, id limit 1`,
  );
  const productPath = await first(`select url_path from url_rewrites where store_code = 'nl' and entity_type = 'product'
                                     and redirect_type is null order by url_path limit 1`);
  const store = await first(`select slug from store_locations order by id limit 1`);
  const landing = await first(`select url_path from landing_pages where published order by url_path limit 1`);
  const parent = new URL(pick.parentUrl).pathname;
  return [
    { route: 'home', path: '/' },
    { route: 'home (pwa.html)', path: '/pwa.html' },
    { route: 'category', path: `/c/${categorySlug}` },
    { route: 'simple-product', path: parent },
    { route: 'configurable-product', path: new URL(pick.url).pathname },
    { route: 'cart (empty)', path: '/winkelwagen/' },
    { route: 'checkout (empty cart)', path: '/checkout/' },
    { route: 'checkout-return', path: '/checkout-return/' },
    { route: 'checkout-failed', path: '/checkout-failed/' },
    { route: 'login', path: '/login/' },
    { route: 'reset-password', path: '/password/reset/' },
    { route: 'newsletter-confirm', path: '/nieuwsbrief/bevestigen' },
    { route: 'newsletter-unsubscribe', path: '/nieuwsbrief/afmelden' },
    { route: 'storelocator', path: '/winkels/' },
    { route: 'storelocator-entry', path: `/w/winkels/${store}` },
    { route: 'donation', path: `/mannen-voor-mannen/${DONATION_CAUSES[0].slug}` },
    { route: 'donation-status (unknown)', path: '/mannen-voor-mannen/donatie/onbekend' },
    { route: 'elevate-landing-page', path: '/l/elevate/?q=overhemd' },
    { route: 'search-results', path: '/catalogsearch/result/?q=overhemd' },
    { route: 'wishlist (empty)', path: '/wishlist/' },
    { route: 'compare (empty)', path: '/vergelijken/' },
    { route: 'error', path: '/error/' },
    { route: 'storyblok (no editor link)', path: '/storyblok/' },
    { route: 'storyblok-empty (no editor link)', path: '/storyblok-empty/' },
    { route: 'dispatcher: category', path: `/${category}` },
    { route: 'dispatcher: product', path: `/${productPath}` },
    { route: 'dispatcher: landing page', path: `/${landing}/` },
    { route: 'dispatcher: content page', path: '/klantenservice/' },
    { route: 'dispatcher: blog', path: '/blog/' },
    { route: 'dispatcher: blog article', path: '/blog/zo-kies-je-het-juiste-overhemd' },
    { route: 'dispatcher: not found', path: '/deze-pagina-bestaat-niet' },
  ];
}

/** The demo customer's pages (the account routes of the route table), an order and an in-store purchase among them. */
async function accountPages(server: TestServer): Promise<RoutePage[]> {
  const { rows: orders } = await server.db.query<{ increment_id: string }>(
    `select o.increment_id from orders o join customers c on c.id = o.customer_id
      where c.email = $1 order by o.created_at desc limit 1`,
    [DEMO_CUSTOMER.email],
  );
  const { rows: purchases } = await server.db.query<{ transaction_id: string }>(
    `select t.transaction_id from store_transactions t join customers c on c.id = t.customer_id
      where c.email = $1 order by t.created_at desc limit 1`,
    [DEMO_CUSTOMER.email],
  );
  expect(orders.length + purchases.length, 'the demo customer has an order and an in-store purchase').toBe(2);
  return [
    { route: 'my-account', path: '/mijn-account/' },
    { route: 'my-account-placeholder', path: '/mijn-account/placeholder-1' },
    { route: 'my-account-profile', path: '/mijn-account/persoonlijke-gegevens' },
    { route: 'my-account-preferences', path: '/mijn-account/mijn-voorkeuren' },
    { route: 'my-account-loyalty', path: '/mijn-account/ofm-club' },
    { route: 'my-account-coupons', path: '/mijn-account/coupons-overview' },
    { route: 'my-account-orders', path: '/mijn-account/aankopen' },
    { route: 'my-account-outbox', path: '/mijn-account/wachtende-bestellingen' },
    { route: 'my-account-order', path: `/mijn-account/aankopen/${orders[0]!.increment_id}` },
    {
      route: 'my-account-transaction',
      path: `/mijn-account/winkel-aankopen/${encodeURIComponent(purchases[0]!.transaction_id)}`,
    },
  ];
}

export type Device = 'phone' | 'desktop';

/**
 * The axe-core test of one device (docs/accessibility.md), one file per state so each file stays well inside the e2e
 * timeouts on a loaded machine: every route of the route table in its empty state, or filled (the product with its size guide open, a cart with lines, the checkout with an address, the wishlist and
 * compare list with products, the demo customer's account pages). Each test collects every violation of its pages
 * and fails with all of them (rule, page, element).
 */
export function describeWcag(device: Device, options: BrowserContextOptions, state: 'empty' | 'filled'): void {
  let server: TestServer;
  let browser: Browser;
  let picks: ProductPick[];

  useShopWithPicks({ products: 24, staticDir: 'dist' }, { minQty: 2, atLeast: 2 }, (shop) => {
    ({ server, browser, picks } = shop);
  });

  const expectNone = (found: Violation[]) => {
    if (found.length > 0) console.error(`axe-core on a ${device}:\n${violationReport(found)}`);
    expect(found, violationReport(found)).toEqual([]);
  };

  describe(`WCAG 2.2 A/AA by axe-core on a ${device}`, () => {
    if (state === 'empty') {
      test('every route of the route table, empty: no violation', { timeout: 180_000 }, async () => {
        const { context, page } = await openPage(browser, options);
        const found: Violation[] = [];
        for (const route of await emptyStatePages(server, picks[0]!)) {
          found.push(...(await scanPage(page, server.baseUrl, route)));
        }
        await context.close();
        expectNone(found);
      });
      return;
    }

    test(
      'filled: size guide, cart, checkout, wishlist, compare, account: no violation',
      { timeout: 180_000 },
      async () => {
        const { context, page } = await openPage(browser, options);
        const found: Violation[] = [];
        const visit = async (route: RoutePage) => found.push(...(await scanPage(page, server.baseUrl, route)));
        const [a, b] = picks as [ProductPick, ProductPick];

        // The product with its size guide open (a modal dialog over the page).
        await page.goto(a.url);
        await page.getByRole('heading', { level: 1, name: a.name }).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Maattabel' }).click();
        const guide = page.getByRole('dialog', { name: 'Maattabel' });
        await guide.locator('tbody tr').first().waitFor({ timeout: 15_000 });
        found.push(...(await wcagViolations(page, `size guide open on ${new URL(a.url).pathname}`)));
        // A modal dialog: focus moves into it, and back to the button that opened it when Escape closes it.
        expect(await guide.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => guide.isVisible()).toBe(false);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Maattabel');

        // Two lines in the cart, both products on the wishlist and in the compare list.
        for (const pick of [a, b]) {
          await page.goto(pick.url);
          const info = page.locator('.product-info');
          await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 20_000 });
          await expect.poll(() => page.locator('.size-option.is-selected').count(), { timeout: 10_000 }).toBe(1);
          await info.getByRole('button', { name: 'In winkelwagen' }).click();
          await info.getByRole('button', { name: new RegExp(`^${pick.name} op je verlanglijst`) }).click();
          await info.getByRole('button', { name: `Vergelijk ${pick.name}`, exact: true }).click();
          await expect
            .poll(() => info.getByRole('button', { name: `Vergelijk ${pick.name}` }).getAttribute('aria-pressed'))
            .toBe('true');
        }
        await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 20_000 }).toContain('2');
        await visit({ route: 'cart (2 lines)', path: '/winkelwagen/', ready: '.cart-line' });
        await visit({ route: 'wishlist (2 items)', path: '/wishlist/', ready: '.wishlist-line' });
        await visit({ route: 'compare (2 products)', path: '/vergelijken/', ready: '.compare-table' });

        // The checkout with a guest's details and delivery address typed, its shipping methods shown.
        await page.goto(`${server.baseUrl}/checkout/`);
        await page.locator('form.checkout-form').waitFor({ timeout: 20_000 });
        await fillGuestDetails(page, { email: `axe-${device}@example.nl` });
        await fillDeliveryAddress(page);
        await shippingMethodChosen(page);
        found.push(...(await scanShown(page, 'checkout (guest with an address)', 'form.checkout-form')));

        // Logged in: the account pages, then the checkout with the member's saved address.
        await logInAs(page, server.baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
        for (const route of await accountPages(server)) await visit(route);
        await visit({ route: 'checkout (member)', path: '/checkout/', ready: 'form.checkout-form' });

        await context.close();
        expectNone(found);
      },
    );
  });
}
