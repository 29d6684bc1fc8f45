import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { Database } from '../server/db/index.ts';
import { EARLY_TAP_PRESSED } from '../domain/app-start.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchServer } from './bench-server.ts';
import { productWithSizes, type Target } from './bench-product.ts';
import { ms, percentile } from './table.ts';

type Rows = Record<string, string | number>[];
const TRIALS = 30;
const JOURNEYS = 3;
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'nl-NL' };

/**
 * The rows of docs/server-rendering.md "How a tap travels from the first paint to the worker", on a phone whose CPU
 * is four times slower (Lighthouse's mobile setting): early taps on "In winkelwagen" on fresh navigations, and INP
 * (web-vitals' onINP) over a shopper's journey.
 */
export async function benchEarlyTaps(): Promise<[string, Rows][]> {
  const server = await startBenchServer(200);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const product = await productWithSizes(server.db);
    // each row on its own: one that fails says so and the other is still measured
    const attempt = (rows: Promise<Rows>) => rows.catch((error: Error) => [{ error: error.message.split('\n')[0] }]);
    const only = process.env.BENCH_EARLY;
    return [
      [
        `Early taps, CPU 4× slower: "In winkelwagen" tapped the moment it shows, ${TRIALS} fresh navigations`,
        only === 'inp' ? [] : await attempt(earlyTaps(browser, server.url, server.db, product)),
      ],
      [
        `INP, CPU 4× slower (web-vitals onINP), ${JOURNEYS} journeys`,
        only === 'taps' ? [] : await attempt(inp(browser, server.url, product)),
      ],
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

async function slowPhone(browser: Browser, init?: string): Promise<{ context: BrowserContext; page: Page }> {
  // the bench's own probes are source text evaluated in the page, which the shop's CSP (no 'unsafe-eval') refuses
  const context = await browser.newContext({ ...PHONE, bypassCSP: true });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/*
 * Installed before any page script (source text: tsx's helpers do not exist in the page). The first trusted tap on
 * the add button: its time (the press's, the tap's first event, as the input reached the page), the frame that first
 * shows the button pressed or busy (the starter's class, or the app's aria-busy), and the frame whose count reads 1.
 * The page is watched from the tap on, so the bench's own observer adds no work to the start it measures; its listener,
 * observer and frame callback are compiled when installed: compiled in the tap (V8 compiles a function when it first
 * runs) they were 1–14 ms of the press's own task at 4× CPU (traced 2026-12-06), work no shopper's phone does.
 */
const WATCH_TAP = `{
  const m = (window.__tap = {});
  const button = () => document.querySelector('.product-actions .add-to-cart');
  const frame = (key) => requestAnimationFrame(() => { if (m[key] === undefined) m[key] = performance.now(); });
  const look = () => {
    const b = button();
    if (m.pressed === undefined && b &&
        (b.classList.contains(${JSON.stringify(EARLY_TAP_PRESSED)}) || b.getAttribute('aria-busy') === 'true')) frame('pressed');
    const count = document.querySelector('[data-testid="cart-count"] [aria-hidden="true"]');
    if (m.counted === undefined && count && count.textContent === '1') frame('counted');
  };
  const down = (e) => {
    if (!e.isTrusted || m.at !== undefined || !button() || !button().contains(e.target)) return;
    m.at = e.timeStamp;
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'aria-busy'] });
  };
  down({ isTrusted: false });
  look();
  frame('installed');
  addEventListener('pointerdown', down, true);
}`;

/** How long a finger rests on the screen in a tap. */
const TOUCH_MS = 60;

/**
 * A finger's tap at the control's middle: down, and up `TOUCH_MS` later. It is pressed with DevTools' pointer (mouse)
 * events, which reach the page the moment they are sent, as a phone's touch does; the starter and the app take a
 * press of any pointer alike (`pointerdown`, then the click).
 * - Not DevTools' touch (`Input.dispatchTouchEvent`, Playwright's `touchscreen`): before it sends a touch, Chromium
 *   waits for the page to draw a new frame (`InsertVisualStateCallback` in its
 *   `content/browser/devtools/protocol/input_handler.cc`: "make sure the compositor is up to date"), and the touch's
 *   time is taken before that wait. Traced on 2026-12-02 at 4×: 19–160 ms passed in the browser before the page had
 *   the touch, counted as the page's though no phone's touch waits for a frame; the pointer's press reached it in
 *   0–1 ms. DevTools' synthetic tap (`Input.synthesizeTapGesture`) does not wait either, but headless Chromium makes no
 *   click of it, and its emulated touch (`Input.emulateTouchFromMouseEvent`) reached the page 42–97 ms late.
 * - Not Playwright's `tap()`: it first runs checks of its own in the page, and one of them (that the tap lands on the
 *   control) is a listener on the page's main thread, run with the tap (~30 ms at 4×). Its touch also lifts the moment
 *   it lands, so the browser handles the whole tap before it draws a frame; a finger's rests a moment.
 */
async function press(page: Page, at: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = { ...at, button: 'left' as const, clickCount: 1 };
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', buttons: 1, ...point });
  await new Promise((resolve) => setTimeout(resolve, TOUCH_MS));
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', buttons: 0, ...point });
  await cdp.detach();
}

/** `press` on a control found by a Playwright locator, once it is visible; scrolled to the middle of the screen first. */
async function fingerTap(page: Page, control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible', timeout: 30_000 });
  let box = await control.boundingBox();
  const viewport = page.viewportSize()!;
  if (!box || box.y < 0 || box.y + box.height > viewport.height) {
    await control.scrollIntoViewIfNeeded();
    box = await control.boundingBox();
  }
  if (!box) throw new Error('the control to tap has no box');
  await press(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

/**
 * The first truthy value of `expression` in the page, polled with DevTools' own evaluation, not Playwright's: its
 * locators and `waitForFunction` first put Playwright's injected script in the page, and that script listens on the
 * window, in the capture phase, to every pointer and mouse event (its check that a click lands on its target,
 * `_setupHitTargetInterceptors`). Traced on 2026-12-02 at 4×: 1.6–5.6 ms of its listener inside both the press's
 * `pointerdown` and its `mousedown`, which no shopper's phone runs. Null after `timeoutMs`.
 */
async function poll<T>(page: Page, expression: string, timeoutMs: number): Promise<T | null> {
  const cdp = await page.context().newCDPSession(page);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
      if (result.value) return result.value as T;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  } finally {
    await cdp.detach();
  }
}

/**
 * The middle of the control `selector` names, the moment it is on the screen and enabled (scrolled to the middle of
 * the screen when it is not on it), and whether React has it yet.
 */
async function whenShown(page: Page, selector: string): Promise<{ x: number; y: number; hydrated: boolean }> {
  const shown = await poll<{ x: number; y: number; hydrated: boolean }>(
    page,
    `(() => {
      // on the screen: the page has been drawn (the element exists in the document a moment before)
      if (!performance.getEntriesByType('paint').some((p) => p.name === 'first-contentful-paint')) return null;
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el || el.disabled || !el.checkVisibility({ visibilityProperty: true })) return null;
      let box = el.getBoundingClientRect();
      if (!box.width || !box.height) return null;
      if (box.top < 0 || box.bottom > innerHeight) {
        el.scrollIntoView({ block: 'center' });
        box = el.getBoundingClientRect();
      }
      return { x: box.left + box.width / 2, y: box.top + box.height / 2,
        hydrated: Object.keys(el).some((key) => key.startsWith('__reactProps')) };
    })()`,
    30_000,
  );
  if (!shown) throw new Error(`${selector} was not shown within 30 s`);
  return shown;
}

async function serverQty(db: Database, sku: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select coalesce(sum(qty), 0)::int as n from cart_items where sku = $1',
    [sku],
  );
  return rows[0].n;
}

async function earlyTaps(browser: Browser, base: string, db: Database, target: Target): Promise<Rows> {
  const pressed: number[] = [];
  const counted: number[] = [];
  let lost = 0;
  let lostOnServer = 0;
  let early = 0;
  for (let i = 0; i < TRIALS; i++) {
    const { context, page } = await slowPhone(browser, WATCH_TAP);
    const before = await serverQty(db, target.childSku);
    await page.goto(base + target.child, { waitUntil: 'commit' });
    const add = await whenShown(page, '.product-actions .add-to-cart');
    if (!add.hydrated) early += 1;
    await press(page, add);
    const shown = (await poll<boolean>(page, 'window.__tap.counted !== undefined', 15_000)) === true;
    const tap = (await poll<{ at: number; pressed?: number; counted?: number }>(page, 'window.__tap', 1_000))!;
    if (tap.pressed !== undefined) pressed.push(tap.pressed - tap.at);
    if (shown && tap.counted !== undefined) counted.push(tap.counted - tap.at);
    else lost += 1;
    const deadline = Date.now() + 15_000;
    while ((await serverQty(db, target.childSku)) < before + 1 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const added = (await serverQty(db, target.childSku)) - before;
    if (added !== 1) lostOnServer += 1;
    await context.close();
  }
  const at = (xs: number[], p: number) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      p,
    );
  return [
    {
      'trials': TRIALS,
      'tapped before hydration': early,
      'counted on screen': TRIALS - lost,
      'lost': lost,
      'server cart not +1': lostOnServer,
      'tap → pressed p50': ms(at(pressed, 50)),
      'tap → pressed p95': ms(at(pressed, 95)),
      'tap → count p95': ms(at(counted, 95)),
      'budget': '0 lost; pressed ≤ 50 ms; count ≤ 1500 ms',
    },
  ];
}

// the package exports no path to its browser build; it sits next to its main module. The attribution build names
// the interaction's element as a selector taken when it happened: by the time INP is reported the element may be gone
// (a size chip re-rendered, a page left), and an event entry's target is then null.
const WEB_VITALS = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.attribution.iife.js'),
  'utf8',
);
const WATCH_INP = `${WEB_VITALS}
window.__inp = { value: 0, target: '' };
webVitals.onINP((metric) => {
  window.__inp.value = metric.value;
  window.__inp.target = metric.attribution.interactionTarget;
  window.__inp.type = metric.entries[0] ? metric.entries[0].name : metric.attribution.interactionType;
}, { reportAllChanges: true });`;

/** Product page, a size, "In winkelwagen", the cart, a quantity, the checkout: INP of the whole journey. */
async function inp(browser: Browser, base: string, target: Target): Promise<Rows> {
  const values: { value: number; target: string; type: string }[] = [];
  for (let i = 0; i < JOURNEYS; i++) {
    const { context, page } = await slowPhone(browser, WATCH_INP);
    await page.goto(base + target.parent, { waitUntil: 'load' });
    // the app has taken over (the starter released): the journey measures the app's own responses
    await page.waitForFunction(
      `(() => { const b = document.querySelector('.product-actions .add-to-cart');
        return b && Object.keys(b).some((k) => k.startsWith('__reactProps')) && !b.classList.contains(${JSON.stringify(EARLY_TAP_PRESSED)}); })()`,
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(1_000);
    await fingerTap(page, page.locator('.size-list button:not([disabled])').first());
    await page.waitForURL((url) => url.pathname.split('/').length > target.parent.split('/').length);
    await page.waitForTimeout(500);
    await fingerTap(page, page.locator('.product-actions .add-to-cart'));
    await page.waitForFunction(
      `document.querySelector('[data-testid="cart-count"] [aria-hidden="true"]')?.textContent === '1'`,
      null,
      { timeout: 15_000 },
    );
    await page.waitForTimeout(500);
    await fingerTap(page, page.locator('.minicart-button'));
    const quantity = page.getByRole('dialog').locator('select').first();
    await quantity.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await quantity.focus();
    await page.keyboard.press('ArrowDown');
    // where the keyboard opened the picker instead of changing the choice, the choice is made for the shopper (an
    // interaction INP then does not see)
    if ((await quantity.inputValue()) === '1') await quantity.selectOption('2');
    await page.waitForFunction(
      `document.querySelector('[data-testid="cart-count"] [aria-hidden="true"]')?.textContent === '2'`,
      null,
      { timeout: 15_000 },
    );
    await page.waitForTimeout(500);
    await fingerTap(page, page.getByRole('dialog').getByRole('link', { name: 'Verder naar afrekenen' }));
    await page.waitForURL(/\/checkout/);
    await page.waitForTimeout(1_000);
    values.push(await page.evaluate<{ value: number; target: string; type: string }>('window.__inp'));
    await context.close();
  }
  const sorted = values.map((v) => v.value).sort((a, b) => a - b);
  const worst = values.reduce((a, b) => (b.value > a.value ? b : a));
  return [
    {
      'journeys': JOURNEYS,
      'INP median': ms(percentile(sorted, 50)),
      'INP worst': ms(sorted.at(-1)!),
      'worst interaction': `${worst.type} on ${worst.target}`,
      'budget': '≤ 200 ms',
    },
  ];
}
