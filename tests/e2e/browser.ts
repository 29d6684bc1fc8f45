import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/test-server.ts';

/** Debian's Chromium (never a downloaded browser), with the flags DESIGN.md gives. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * Debian's Chromium with a profile on disk, as one context: what installing a web app needs (Chromium never offers
 * installing in an incognito context, which `launchChromium`'s contexts are). Chromium offers it at once, without
 * the minutes of engagement it waits for with a real shopper.
 */
export function launchChromiumWithProfile(
  userDataDir: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--bypass-app-banner-engagement-checks'],
    ...options,
  });
}

/** The desktop viewport the e2e tests use. */
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** A phone (412 px wide, touch), as a shopper on the go holds it. */
export const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'nl-NL' };

/** A page in a context of its own: a shopper's device (a phone unless the test says otherwise). */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

export interface ShopInChromium {
  server: TestServer;
  browser: Browser;
}

/**
 * The setup of a UI test file: the seeded test server serving the built app and Chromium, started before the file's
 * tests (`started` keeps them and reads what the tests need) and closed after them.
 */
export function useShopInChromium(options: TestServerOptions, started: (shop: ShopInChromium) => unknown): void {
  let shop: Partial<ShopInChromium> = {};
  beforeAll(async () => {
    const server = await startTestServer(options);
    shop = { server };
    const browser = await launchChromium();
    shop.browser = browser;
    await started({ server, browser });
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.server?.close();
  });
}

export interface AppInChromium extends ShopInChromium {
  /** A page in its own desktop-sized context. */
  page: Page;
}

/** `useShopInChromium` with one desktop page opened for the file's tests. */
export function useAppInChromium(options: TestServerOptions, started: (app: AppInChromium) => unknown): void {
  useShopInChromium(options, async (shop) => {
    const { page } = await openPage(shop.browser, DESKTOP);
    await started({ ...shop, page });
  });
}

/** Logs in on the login page as a shopper does and waits for the account's welcome. */
export async function logInAs(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await page.locator('main').getByLabel('E-mailadres').fill(email);
  await page
    .locator('main')
    .getByLabel(/^Wachtwoord/)
    .fill(password);
  await page.locator('form').getByRole('button', { name: 'Inloggen' }).click();
  await page.locator('.account-content').getByText('Welkom terug').waitFor({ timeout: 15_000 });
}
