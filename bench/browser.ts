import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchServer } from './bench-server.ts';
import { productWithSizes } from './bench-product.ts';
import { benchQueueDrain } from './queue-drain.ts';
import { ms, percentile } from './table.ts';

type Rows = Record<string, string | number>[];
const RUNS = 5;
const CLICKS = 25;

/**
 * The browser budgets of docs/benchmarks.md measured in Debian's Chromium against the built app (dist/) on the real server: product page
 * first render (cold, warm, offline), add to cart click → mini-cart count, and the offline queue drain.
 */
export async function benchBrowser(): Promise<[string, Rows][]> {
  const server = await startBenchServer(200);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const target = await productWithSizes(server.db);
    const url = server.url + target.child;
    return [
      [`Product page first render in Chromium (median of ${RUNS})`, await firstRender(browser, url)],
      [`Add to cart: click → mini-cart count on screen (${CLICKS} clicks each)`, await addToCart(browser, url)],
      [
        'Offline cart queue drained after reconnect (worker modules in Node, loopback)',
        await benchQueueDrain(server.url, server.db),
      ],
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

// the bench's probes are source text evaluated in the page, which the shop's CSP (no 'unsafe-eval') refuses
const newContext = (browser: Browser) =>
  browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nl-NL', bypassCSP: true });

/*
 * In-page code is passed as source text: tsx compiles functions with esbuild's keepNames, whose `__name` helper does
 * not exist in the page, so a function handed to Playwright would throw there.
 */

/**
 * Installed before any page script runs: records when the product's title (its h1, `elementtiming="product-title"`,
 * not the not-found or offline heading) is first painted, as the browser's Element Timing reports it (ms since
 * navigation start). A server-rendered page has the title in its HTML, so it counts from the first paint that shows
 * it (after the stylesheet, before any script); a page the app renders counts from the frame that draws it.
 */
const WATCH_TITLE = `{
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === 'product-title' && !window.__titleShownAt) {
        window.__titleShownAt = entry.renderTime || entry.loadTime;
      }
    }
  }).observe({ type: 'element', buffered: true });
}`;

/** Title time and DOMContentLoaded (the app shell parsed) of one load, both in ms since navigation start. */
async function titleTime(page: Page, load: () => Promise<unknown>): Promise<[number, number]> {
  await load();
  await page.waitForFunction('window.__titleShownAt', null, { timeout: 60_000 });
  return page.evaluate<[number, number]>(
    `[window.__titleShownAt, performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd]`,
  );
}

async function controlled(page: Page): Promise<void> {
  // offline runs need the service worker in charge of the page (it serves the app shell)
  await page.waitForFunction('navigator.serviceWorker && navigator.serviceWorker.controller', null, {
    timeout: 60_000,
  });
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function firstRender(browser: Browser, url: string): Promise<Rows> {
  const cold: [number, number][] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser);
    await context.addInitScript(WATCH_TITLE);
    const page = await context.newPage();
    cold.push(await titleTime(page, () => page.goto(url)));
    await context.close();
  }

  const context = await newContext(browser);
  await context.addInitScript(WATCH_TITLE);
  const page = await context.newPage();
  await titleTime(page, () => page.goto(url));
  await controlled(page);
  const warm: [number, number][] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await titleTime(page, () => page.reload()));
  await context.setOffline(true);
  const offline: [number, number][] = [];
  for (let i = 0; i < RUNS; i++) offline.push(await titleTime(page, () => page.reload()));
  await context.close();

  const row = (visit: string, runs: [number, number][], budget: string) => {
    const title = runs.map(([t]) => t);
    return {
      visit,
      'title visible, median': ms(median(title)),
      'min': ms(Math.min(...title)),
      'max': ms(Math.max(...title)),
      'DOMContentLoaded, median': ms(median(runs.map(([, d]) => d))),
      budget,
    };
  };
  return [
    row('cold, online (new context)', cold, '—'),
    row('repeat, online (reload)', warm, '—'),
    row('repeat, offline (reload)', offline, '≤ 150 ms'),
  ];
}

/**
 * One click measured inside the page: a MutationObserver on the count is armed right before button.click() in the
 * same task, and resolves with the time until the count's text differs.
 */
const CLICK_AND_WAIT_FOR_COUNT = `new Promise((resolve, reject) => {
  const count = document.querySelector('[data-testid="cart-count"]');
  const button = document.querySelector('button.add-to-cart');
  const before = count.textContent;
  const timer = setTimeout(() => reject(new Error('cart count stayed ' + before)), 10000);
  const observer = new MutationObserver(() => {
    if (count.textContent === before) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(performance.now() - started);
  });
  observer.observe(count, { childList: true, subtree: true, characterData: true });
  const started = performance.now();
  button.click();
})`;

async function clicks(page: Page): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    // the button is disabled while an add is pending; a shopper clicks again once it is back
    await page.waitForFunction(`document.querySelector('button.add-to-cart')?.disabled === false`);
    await page.waitForTimeout(50);
    out.push(await page.evaluate<number>(CLICK_AND_WAIT_FOR_COUNT));
  }
  return out;
}

async function addToCart(browser: Browser, url: string): Promise<Rows> {
  const context: BrowserContext = await newContext(browser);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('h1').waitFor();
  await controlled(page);
  const online = await clicks(page);
  await context.setOffline(true);
  const offline = await clicks(page);
  await context.close();
  const row = (network: string, xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return {
      network,
      clicks: xs.length,
      p50: ms(percentile(sorted, 50)),
      p95: ms(percentile(sorted, 95)),
      max: ms(sorted.at(-1)!),
      budget: 'p95 ≤ 16 ms',
    };
  };
  return [row('online', online), row('offline', offline)];
}
