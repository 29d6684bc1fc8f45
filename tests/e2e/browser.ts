import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { EARLY_TAP_HOOK } from '../../domain/app-start.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/test-server.ts';

/** Debian's Chromium (never a downloaded browser), with the flags docs/testing.md gives. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => waitForTheAppOnLoad(await collectCspViolations(await newContext(options)));
  return browser;
}

/** A Content-Security-Policy violation a page of the shop reported (docs/security.md). */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/** Violations since the last check, from every context of this file's browsers. */
const cspViolations: CspViolation[] = [];

/** Answers (and forgets) the violations recorded so far; a test that provokes one on purpose takes them here. */
export function takeCspViolations(): CspViolation[] {
  return cspViolations.splice(0);
}

/**
 * Every page of every context records the `securitypolicyviolation` events its documents fire: the shop must run
 * under its CSP without one (docs/security.md), on every page of the e2e suite, so each test fails when any fired.
 */
async function collectCspViolations(context: BrowserContext): Promise<BrowserContext> {
  await context.exposeBinding('__ofmCspViolation', ({ page }, violation: Omit<CspViolation, 'page'>) => {
    cspViolations.push({ page: page?.url() ?? '', ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __ofmCspViolation?: (v: unknown) => void }).__ofmCspViolation;
        report?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
          sample: event.sample,
        });
      },
      true,
    );
  });
  return context;
}

function failOnCspViolations(): void {
  const found = takeCspViolations();
  if (found.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n${found.map((v) => JSON.stringify(v)).join('\n')}`);
  }
}

// Every e2e file imports this module: each of its tests fails on a violation its pages reported.
afterEach(failOnCspViolations);
afterAll(failOnCspViolations);

/**
 * A server-rendered page starts the app after its main image's paint (docs/server-rendering.md "Starting the app"),
 * which can come after the load event `goto` and `reload` wait for. In this context they wait for the app too (React
 * has hydrated the page's first element, so it handles every tap, key and input from then on), as a test's next step
 * expects it; a page without the app's starter (JavaScript off, not a page of the shop) is not waited for. A `goto`
 * that names its `waitUntil` gets only that: the tests of what happens before the app runs.
 */
function waitForTheAppOnLoad(context: BrowserContext): BrowserContext {
  const patch = (page: Page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil) await appRunning(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (!options?.waitUntil) await appRunning(page);
      return response;
    };
  };
  context.pages().forEach(patch);
  context.on('page', patch);
  return context;
}

async function appRunning(page: Page): Promise<void> {
  await page
    .waitForFunction(
      (hook) => {
        if (!(hook in window)) return true;
        const first = document.getElementById('root')?.firstElementChild;
        return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
      },
      EARLY_TAP_HOOK,
      { timeout: 15_000 },
    )
    // a page that never runs the app is the test's to judge (its own assertions say what it expected)
    .catch(() => undefined);
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
  return chromium
    .launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--bypass-app-banner-engagement-checks'],
      ...options,
    })
    .then(collectCspViolations)
    .then(waitForTheAppOnLoad);
}

/**
 * The app's entry arrives `ms` late, as on a slow connection: the server's page is there, painted and tappable, before
 * any of the app runs (the tests of what a shopper does in that moment).
 */
export async function holdAppEntry(page: Page, ms = 2_000): Promise<void> {
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Waits until a service worker controls the page (what works offline needs it). When none does in time, the error
 * says where the install stood: the registration's workers and their states, so a CI log names the cause.
 */
export async function serviceWorkerInControl(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout });
  } catch (error) {
    const state = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker?.getRegistration();
        const of = (worker: ServiceWorker | null | undefined) => worker?.state ?? null;
        return JSON.stringify({
          page: location.pathname,
          registered: registration !== undefined,
          installing: of(registration?.installing),
          waiting: of(registration?.waiting),
          active: of(registration?.active),
        });
      })
      .catch((reason: Error) => `unreadable (${reason.message})`);
    throw new Error(`no service worker took the page within ${timeout} ms: ${state}`, { cause: error });
  }
}

/** Waits until the service worker's page cache holds `url` (docs/seo.md: a navigation's HTML is stored as it came). */
export async function pageStored(page: Page, url: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(async (u) => Boolean(await (await caches.open('ofm-pages')).match(u)), url))
    .toBe(true);
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

/** Runs a journey on a fresh phone (its own device storage), closed afterwards whatever happened. */
export async function onPhone(
  browser: Browser,
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const { context, page } = await openPage(browser);
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
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
