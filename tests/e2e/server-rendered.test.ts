import type { ConsoleMessage, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { holdAppEntry, openPage } from './browser.ts';
import {
  browser,
  category,
  chunksPick,
  earlyPick,
  LANDING,
  pick,
  product,
  searchTerm,
  server,
  store,
  useRenderedPages,
  workerPick,
} from './rendered-pages.ts';

/**
 * Server-rendered pages (docs/server-rendering.md) on a phone with JavaScript: the app hydrates the server's HTML
 * without a single hydration complaint, navigates in the browser and the worker takes over (add to cart). Without
 * JavaScript: server-rendered-no-js.test.ts.
 */
useRenderedPages();

/** The server's cart lines of a product, whosever cart they are in. */
const serverLines = async (sku: string) =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from cart_items where sku = $1', [sku])).rows[0].n;

/** What the app says on every start whatever the page: RxDB's storage notice and analytics being off in tests. */
const KNOWN_NOTICES = [/RxDB Open Core RxStorage/, /Analytics is off/];

/**
 * Console errors and warnings of a page, and uncaught errors: hydration mismatches surface here. Product images are
 * not generated for this server (a 404 each), and the two notices every start prints are not complaints.
 */
function complaints(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (KNOWN_NOTICES.some((notice) => notice.test(m.text()))) return;
    if (m.text().startsWith('Failed to load resource') && new URL(m.location().url).pathname.startsWith('/img/'))
      return;
    seen.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

/** React has hydrated the server's HTML up to this element: it carries React's fiber. */
async function hydrated(page: Page, selector = '#main'): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

describe('with JavaScript', () => {
  test('home, category, product, content, store and search pages hydrate without a complaint', async () => {
    const { context, page } = await openPage(browser);
    const seen = complaints(page);
    const pages: [string, string | undefined][] = [
      ['/', undefined],
      [`/${category.url_path}`, category.name],
      [`/c/${category.url_key}`, category.name],
      [`/${product.url_path}`, product.name],
      [`/p/${pick.sku}/x`, product.name],
      ['/klantenservice', 'Klantenservice'],
      ['/winkels/', 'Vind een winkel'],
      [`/w/winkels/${store.slug}`, store.name],
      // through the URL dispatcher's fallback: a store and a landing page
      [`/winkels/${store.slug}`, store.name],
      [LANDING.path, LANDING.heading],
      [`/catalogsearch/result/?q=${encodeURIComponent(searchTerm)}`, `Zoekresultaten voor ‘${searchTerm}’`],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
      await hydrated(page);
      // The worker answers the page's reads after hydration; a mismatch would have been reported by then.
      await page.waitForLoadState('networkidle');
    }
    expect(seen).toEqual([]);
    await context.close();
  });

  test('on a phone four times slower, the app hydrates the HTML the server sent: no complaint, no element drawn anew', async () => {
    const { context, page } = await openPage(browser);
    const seen = complaints(page);
    // A slow phone hydrates in many slices; what happens between them (the service worker ready, a notification)
    // must not make React throw the server's HTML away and draw the page again.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The server's heading, marked before any script of the app runs; a page drawn anew has a new, unmarked one.
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of document.querySelectorAll('h1, .tabbed-nav a')) {
          (element as HTMLElement & { fromServer?: boolean }).fromServer = true;
        }
      }),
    );
    for (const [path, heading] of [
      [`/${category.url_path}`, category.name],
      [`/${product.url_path}`, product.name],
      ['/klantenservice', 'Klantenservice'],
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const h1 = page.getByRole('heading', { level: 1, name: heading }).first();
      await expect(h1.evaluate((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer)).resolves.toBe(true);
      // The category tabs too: the worker's empty local cache (a first visit) does not take them away.
      const tabs = page.locator('.tabbed-nav a');
      expect(await tabs.count()).toBeGreaterThan(1);
      expect(
        await tabs.evaluateAll((els) => els.every((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer)),
      ).toBe(true);
    }
    expect(seen).toEqual([]);
    await context.close();
  });

  test('the CMS stories the page was rendered with are not asked for again when the app starts', async () => {
    const { context, page } = await openPage(browser);
    const storyRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/cms/story/')) storyRequests.push(request.url());
    });
    // The home page's story and the shell's (highlight bar, selling points, footer, review score) came with the HTML.
    for (const path of ['/', `/${product.url_path}`]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('footer a').count()).toBeGreaterThan(0);
    }
    expect(storyRequests).toEqual([]);
    // A story the server did not send (the next page's) is asked for: a selling point's link to a content page.
    await page.getByRole('complementary', { name: 'Onze beloftes' }).getByRole('link').first().tap();
    await page.waitForURL(/\/verzenden-en-retourneren$/);
    await expect
      .poll(() => storyRequests.some((url) => new URL(url).pathname === '/api/cms/story/verzenden-en-retourneren'))
      .toBe(true);
    await context.close();
  });

  test("the app's scripts are fetched after the main image is on the screen, and the page then works", async () => {
    const { context, page } = await openPage(browser);
    await context.addInitScript(() => {
      const painted: number[] = [];
      (window as unknown as { painted: number[] }).painted = painted;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { renderTime: number; element: Element }[])
          // the page's first main image (a category page has two: its first row)
          if (entry.element === document.querySelector('img[elementtiming="main-image"]'))
            painted.push(entry.renderTime || entry.startTime);
      }).observe({ type: 'element', buffered: true });
    });
    // The category and product pages have a main image; a customer-service page has none: its first paint counts.
    for (const [path, mainImage] of [
      ['/klantenservice', false],
      [`/${category.url_path}`, true],
      [`/${product.url_path}`, true],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        image: (window as unknown as { painted: number[] }).painted[0],
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      const painted = mainImage ? timing.image : timing.firstPaint;
      expect(painted, `${path}: painted`).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(painted!);
    }
    // A main image that never arrives holds the app back for at most 2.5 s: the page is then the app's.
    await page.route('**/img/**', () => undefined);
    await page.goto(`${server.baseUrl}/${product.url_path}`, { waitUntil: 'commit' });
    await hydrated(page, 'a.logo');
    await page.locator('a.logo').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test("the app's shared chunks are run before its entry, each by a script of its own, and the page then works", async () => {
    const { context, page } = await openPage(browser);
    // which module scripts had run (their load event) when each module script was added to the page
    await context.addInitScript(() => {
      const log: Array<{ added: string; hadRun: string[] }> = [];
      const ran: string[] = [];
      (window as unknown as { moduleScripts: typeof log }).moduleScripts = log;
      const moduleName = (node: EventTarget | Node | null) =>
        node instanceof HTMLScriptElement && node.type === 'module' && node.src
          ? new URL(node.src).pathname.split('/').pop()!.split('-')[0]
          : null;
      // in the capture phase: before the script's own load handler, which may add the next script
      document.addEventListener('load', (event) => ran.push(moduleName(event.target) ?? ''), true);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            const name = moduleName(node);
            if (name) log.push({ added: name, hadRun: ran.filter(Boolean) });
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(chunksPick.url);
    await hydrated(page);
    const log = await page.evaluate(
      () => (window as unknown as { moduleScripts: Array<{ added: string; hadRun: string[] }> }).moduleScripts,
    );
    expect(log.map((entry) => entry.added)).toEqual(['rolldown', 'vendor', 'index']);
    // the entry's script is added once the vendor chunk has run, in a task before the entry's own
    expect(log.at(-1)!.hadRun).toEqual(['rolldown', 'vendor']);
    // a retry of this test finds the first try's line on the server: one more, not one
    const linesBefore = await serverLines(chunksPick.childSku);
    await page.getByRole('button', { name: 'In winkelwagen' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toContain('1');
    await expect.poll(() => serverLines(chunksPick.childSku), { timeout: 15_000 }).toBe(linesBefore + 1);
    await context.close();
  });

  test("the shop worker is started once the app's files have arrived, and the app takes that one: one worker, and it adds", async () => {
    const { context, page } = await openPage(browser);
    // when the page made its worker, on the page's own clock: the files' ends are its Resource Timing entries
    await page.addInitScript(() => {
      const PageWorker = window.Worker;
      window.Worker = class extends PageWorker {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          (window as unknown as { workerMadeAt: number[] }).workerMadeAt.push(performance.now());
        }
      };
      (window as unknown as { workerMadeAt: number[] }).workerMadeAt = [];
    });
    const files: Request[] = [];
    const workerRequests: Request[] = [];
    page.on('requestfinished', (request) => {
      if (/\/assets\/(index|vendor|rolldown-runtime)-[^/]+\.js$/.test(request.url())) files.push(request);
    });
    page.on('request', (request) => {
      if (/\/assets\/shop-worker-[^/]+\.js$/.test(request.url())) workerRequests.push(request);
    });
    const linesBefore = await serverLines(workerPick.childSku);
    await page.goto(workerPick.url);
    await hydrated(page);
    await page.getByRole('button', { name: 'In winkelwagen' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toContain('1');
    await expect.poll(() => serverLines(workerPick.childSku), { timeout: 15_000 }).toBe(linesBefore + 1);
    // the starter's worker is the app's: it was started and taken, and no second one was
    const handOver = await page.evaluate(() => {
      const kept = (
        window as unknown as { ofmTakeEarlyTap: () => { worker: unknown; workerTaken: boolean } }
      ).ofmTakeEarlyTap();
      return { started: kept.worker instanceof Worker, taken: kept.workerTaken };
    });
    expect(handOver).toEqual({ started: true, taken: true });
    expect(page.workers().filter((worker) => /\/assets\/shop-worker-/.test(worker.url()))).toHaveLength(1);
    expect(workerRequests).toHaveLength(1);
    expect(files).toHaveLength(3);
    // On one clock, the page's: the requests' own times put a wall clock's start under each request's offsets, and
    // the worker's request "started" 0.2 ms (in CI) and 11 ms (here, 2026-12-06) before the last file's end.
    const made = await page.evaluate(() => {
      const ends = performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/(index|vendor|rolldown-runtime)-[^/]+\.js$/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).responseEnd);
      return {
        files: ends.length,
        lastEnd: Math.max(...ends),
        at: (window as unknown as { workerMadeAt: number[] }).workerMadeAt,
      };
    });
    expect(made.files).toBe(3);
    expect(made.at).toHaveLength(1);
    expect(made.at[0]).toBeGreaterThanOrEqual(made.lastEnd);
    await context.close();
  });

  test('"In winkelwagen" tapped before the app has started (a slow connection) is not lost: the cart gets the product', async () => {
    const { context, page } = await openPage(browser);
    await holdAppEntry(page);
    const requested = new Promise<void>((resolve) =>
      page.on('request', (request) => /\/assets\/index-.*\.js$/.test(request.url()) && resolve()),
    );
    const since = (await server.db.query<{ n: number }>('select count(*)::int as n from cart_items')).rows[0].n;
    // `waitUntil` named: the tap comes before the app runs, as a shopper's would (browser.ts waits otherwise)
    await page.goto(earlyPick.url, { waitUntil: 'load' });
    await requested;
    expect(await page.getByTestId('cart-count').innerText()).not.toContain('1');
    await page.getByRole('button', { name: 'In winkelwagen' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 15_000 }).toContain('1');
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ n: number }>('select count(*)::int as n from cart_items where sku = $1', [
              earlyPick.childSku,
            ])
          ).rows[0].n,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from cart_items')).rows[0].n).toBe(
      since + 1,
    );
    await context.close();
  });

  test('a search typed before the app has started (a slow connection) is not lost: suggestions, then its results', async () => {
    const { context, page } = await openPage(browser);
    await holdAppEntry(page);
    // `waitUntil` named: the typing comes before the app runs (browser.ts waits otherwise)
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    const box = page.getByRole('search').getByRole('combobox');
    await box.fill(searchTerm);
    await expect.poll(() => page.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Zoekresultaten voor ‘${searchTerm}’` }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(searchTerm);
    await context.close();
  });

  test('after hydration a link navigates in the browser and add to cart goes through the worker to the server', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(pick.url);
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor();
    await hydrated(page, 'a.logo');
    // and committed: a link tapped while React still renders the page is a full navigation (docs/server-rendering.md)
    await page.waitForFunction(
      () => (window as unknown as { ofmTakeEarlyTap?: () => { links: boolean } }).ofmTakeEarlyTap?.().links === true,
    );
    await page.evaluate(() => ((window as unknown as { rendered: string }).rendered = 'server'));
    // The logo's link is followed by the router, not by a new document: the page's window stays.
    await page.locator('a.logo').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => (window as unknown as { rendered?: string }).rendered)).toBe('server');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: pick.name }).waitFor();

    await page.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toContain('1');
    await expect
      .poll(
        async () =>
          (await server.db.query<{ sku: string }>('select sku from cart_items where sku = $1', [pick.childSku])).rows
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await context.close();
  });
});
