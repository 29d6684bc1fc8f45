import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, pageStored, useShopInChromium, serviceWorkerInControl } from './browser.ts';
import { firstProductPage } from './product-picks.ts';

/**
 * The CSP offline (docs/security.md "Nonces and caches"): the service worker stores a page, or the shell, with the
 * headers it came with, so the nonce of its stored CSP is the one its own scripts carry and the app runs from it
 * without a network. Every page here also fails on any CSP violation (browser.ts).
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 12, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

/** The nonce of the CSP the document was answered with. */
function cspNonce(response: Response | null): string {
  const csp = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, `a nonce in the CSP: ${csp}`).toBeTruthy();
  return nonce!;
}

/** The nonces the document's scripts carry (the property: Chromium hides the attribute from the DOM). */
const scriptNonces = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script')].filter((s) => !s.type || s.type === 'module').map((s) => s.nonce),
  );

/** The app's scripts ran: React has hydrated the page's first element (its fiber is on it). */
const appHydrated = (page: Page) =>
  page.waitForFunction(
    () => {
      const first = document.getElementById('root')?.firstElementChild;
      return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
    },
    null,
    { timeout: 30_000 },
  );

/** The app handles a tap: the menu opens (it is the app's, not a link). */
async function appAnswersATap(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#side-menu.is-open').waitFor({ timeout: 15_000 });
}

describe('the CSP offline', () => {
  test('a stored page answers offline with its own CSP, whose nonce its scripts carry; the app runs', async () => {
    const product = await firstProductPage(server);
    const { url } = product;
    const { context, page } = await openPage(browser);
    await page.goto(url);
    await serviceWorkerInControl(page);
    const online = await page.reload();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
    await pageStored(page, url);
    const stored = cspNonce(online);

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
    const nonce = cspNonce(offline);
    // The page as stored: the same nonce in its header and on its scripts (the router's, the starter's, the head's).
    expect(nonce).toBe(stored);
    const nonces = await scriptNonces(page);
    expect(nonces.length).toBeGreaterThanOrEqual(4);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    await appHydrated(page);
    await context.close();
  });

  test('a page never visited: the stored shell answers offline with its CSP and nonce, and the app renders the route', async () => {
    const { rows } = await server.db.query<{ url_path: string }>(
      `select url_path from products where type_id = 'configurable' and status = 1 and parent_id is null
        order by id desc limit 1`,
    );
    const { context, page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    const offline = await page.goto(`${server.baseUrl}/${rows[0]!.url_path}`);
    expect(offline?.fromServiceWorker()).toBe(true);
    const nonce = cspNonce(offline);
    await page.getByRole('heading', { level: 1, name: 'Deze pagina is offline niet beschikbaar' }).waitFor();
    const nonces = await scriptNonces(page);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    await appAnswersATap(page);
    await context.close();
  });
});
