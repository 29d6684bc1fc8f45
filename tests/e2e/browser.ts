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

export interface AppInChromium {
  server: TestServer;
  browser: Browser;
  /** A page in its own desktop-sized context. */
  page: Page;
}

/**
 * The setup of a UI test file: the seeded test server serving the built app, Chromium and one desktop page, started
 * before the file's tests (`started` keeps them and reads what the tests need) and closed after them.
 */
export function useAppInChromium(options: TestServerOptions, started: (app: AppInChromium) => unknown): void {
  let app: Partial<AppInChromium> = {};
  beforeAll(async () => {
    const server = await startTestServer(options);
    app = { server };
    const browser = await launchChromium();
    app.browser = browser;
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await started({ server, browser, page });
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
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
