import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { stockState } from '../../domain/catalog/stock-state.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { holdAppEntry, openPage, PHONE, useShopInChromium } from './browser.ts';
import { configurablePicks, configurableProducts, type ProductPick } from './product-picks.ts';

/**
 * Every tap counts from the first paint (docs/server-rendering.md "How a tap travels from the first paint to the
 * worker"): on a phone whose CPU is four times slower (Lighthouse's mobile setting), on fresh navigations, a shopper
 * taps a control the moment it is on the screen — before the app's scripts have run, while they run, while React
 * hydrates, before the worker's database is open — and every tap happens, in order, exactly once; the screen and the
 * server's cart agree.
 */
let server: TestServer;
let browser: Browser;
let picks: ProductPick[];
/** A product with two sizes in stock: its parent page, and the two sizes' buttons (in page order) and skus. */
let sized: { url: string; first: { index: number; sku: string }; second: { index: number; sku: string } };

useShopInChromium({ products: 40, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  picks = await configurablePicks(server, 20);
  expect(picks.length, 'the seed has products with 20 pieces of a size').toBeGreaterThanOrEqual(4);
  for (const product of await configurableProducts(server)) {
    const doc = product as unknown as {
      sku: string;
      slug?: string;
      url_key?: string;
      configurable_options?: { attribute_code: string; values: { value_index: number | string }[] }[];
      configurable_children?: { sku: string; size?: unknown; stock?: { is_in_stock: boolean; qty: number } }[];
    };
    const values = doc.configurable_options?.find((o) => o.attribute_code === 'size')?.values ?? [];
    // the page's size buttons, in its order; enabled where the size's child is in stock
    const buttons = values.map((v, index) => {
      const child = doc.configurable_children?.find((c) => String(c.size) === String(v.value_index));
      const enabled = !!child && stockState(child.stock as never) !== 'out_of_stock' && (child.stock?.qty ?? 0) >= 2;
      return { index, sku: child?.sku ?? '', enabled };
    });
    const inStock = buttons.filter((b) => b.enabled);
    if (inStock.length >= 2 && !picks.slice(0, 4).some((p) => p.sku === doc.sku)) {
      sized = {
        url: `${server.baseUrl}/p/${doc.sku}/${doc.slug ?? doc.url_key}`,
        first: inStock[0],
        second: inStock[1],
      };
      break;
    }
  }
  expect(sized, 'the seed has a product with two sizes in stock').toBeTruthy();
});

/**
 * A fresh phone (its own context: no cart, no consent yet) with the CPU four times slower, on a connection that brings
 * the app's entry `holdMs` after the page: the first tap surely comes before the app runs, the later ones while it
 * starts and hydrates.
 */
async function slowPhone(holdMs = 1_000, device = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, device);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await holdAppEntry(page, holdMs);
  // For each tap: had React taken the tapped element yet? (Before any script of the page, so before the starter.)
  await context.addInitScript(() => {
    const taps: boolean[] = [];
    const targets: string[] = [];
    Object.assign(window, { taps, targets });
    window.addEventListener(
      'click',
      (event) => {
        if (!event.isTrusted) return;
        const element = event.target as Element;
        taps.push(Object.keys(element).some((key) => key.startsWith('__reactProps')));
        const control = element.closest('button, a, label, input, select') ?? element;
        targets.push(`${control.tagName.toLowerCase()}.${control.className} ${scrollY}`);
      },
      true,
    );
  });
  return { context, page };
}

/**
 * A connection on which a page's HTML takes seconds to arrive (bytes per second): slow enough that the test's tap,
 * which comes at 4x CPU after Playwright's own checks, lands before the page's end has arrived (at 4 KB/s it did not
 * always).
 */
const SLOW_BYTES_PER_SECOND = 2 * 1024;

/**
 * A proxy in front of the shop that sends a page's HTML up to `marker` and holds the rest until `release()`: the page
 * is drawn while its end is on its way, as on a slow connection, for as long as the test needs. Everything else passes.
 */
async function holdingProxy(
  upstream: string,
  marker: string,
): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const target = new URL(upstream);
  const proxy = createServer((req, res) => {
    const headers = { ...req.headers, 'host': target.host, 'accept-encoding': 'identity' };
    const forward = request(`${upstream}${req.url}`, { method: req.method, headers }, (answer) => {
      if (!String(answer.headers['content-type']).startsWith('text/html')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8');
        const cut = html.indexOf(marker);
        const { 'content-length': _length, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, rest);
        if (cut < 0) return void res.end(html);
        res.write(html.slice(0, cut));
        void released.then(() => res.end(html.slice(cut)));
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    release,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

/** Opens a page by a full navigation and returns at once: what follows happens while the page starts. */
async function openFresh(page: Page, url: string): Promise<void> {
  // `waitUntil` named: browser.ts would otherwise wait for the app
  await page.goto(url, { waitUntil: 'commit' });
}

/** Taps the control the moment it is on the screen (Playwright polls for it to be visible, then taps at once). */
async function tapOnSight(control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible', timeout: 15_000 });
  await control.tap();
}

/**
 * Where a finger touches the middle of a control, after scrolling it to the middle of the screen: a control only
 * scrolled "into view" can sit under the sticky header, which then takes the touch.
 */
async function fingerOn(control: Locator): Promise<{ x: number; y: number }> {
  await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await control.boundingBox())!;
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

/** How many of the page's taps came before React had the element: the test is about those. */
async function earlyTaps(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { taps: boolean[] }).taps.filter((hydrated) => !hydrated).length);
}

const addButton = (page: Page) =>
  page.locator('.product-actions').getByRole('button', { name: /^(In winkelwagen|Toevoegen…)$/ });
const cartCount = (page: Page) => page.getByTestId('cart-count').locator('[aria-hidden="true"]').innerText();

/** The pieces of these skus in the server's carts, by sku (every guest cart: each test counts its own). */
async function serverLines(skus: string[]): Promise<{ sku: string; qty: number }[]> {
  const { rows } = await server.db.query<{ sku: string; qty: number }>(
    'select sku, sum(qty)::int as qty from cart_items where sku = any($1) group by sku order by sku',
    [skus],
  );
  return rows;
}

/** The taps counted: the cart's count says `shown`, and the server cart holds `onServer` of the size. */
async function cartHolds(page: Page, sku: string, shown: string, onServer: number): Promise<void> {
  await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe(shown);
  await expect.poll(() => serverLines([sku]), { timeout: 30_000 }).toEqual([{ sku, qty: onServer }]);
}

/**
 * A fresh slow phone opens `url` and taps the control the moment it shows, before the app runs (the starter keeps
 * the tap); `then` checks what the tap did. The phone is closed afterwards, whatever happened.
 */
async function tappedAtOnce(
  url: string,
  control: (page: Page) => Locator,
  then: (page: Page, control: Locator) => Promise<unknown>,
): Promise<void> {
  const { context, page } = await slowPhone();
  try {
    await openFresh(page, url);
    const target = control(page);
    await tapOnSight(target);
    expect(await earlyTaps(page)).toBeGreaterThan(0);
    await then(page, target);
  } finally {
    await context.close();
  }
}

describe('every early tap counts, in order, once (CPU 4× slower, fresh navigations)', () => {
  test('20 taps on "In winkelwagen" from the moment it shows: 20 pieces on the screen and in the server cart', async () => {
    const pick = picks[0];
    const { context, page } = await slowPhone(3_000);
    await openFresh(page, pick.url);
    await tapOnSight(addButton(page));
    for (let i = 1; i < 20; i++) await addButton(page).tap();
    expect(await earlyTaps(page)).toBeGreaterThan(0);
    // every tap reached the button (none landed elsewhere: nothing moved under the finger)
    const targets = await page.evaluate(() => (window as unknown as { targets: string[] }).targets);
    expect(
      targets.filter((target) => !target.includes('add-to-cart')),
      targets.join(' | '),
    ).toEqual([]);
    await cartHolds(page, pick.childSku, '20', 20);
    // nothing done twice: a replayed tap and the app's own handler would make it more
    await page.waitForTimeout(1_500);
    expect(await cartCount(page)).toBe('20');
    expect(await serverLines([pick.childSku])).toEqual([{ sku: pick.childSku, qty: 20 }]);
    await context.close();
  });

  test('a tap on the drawn page while the rest of it is still arriving counts: one piece, on the screen and the server', async () => {
    const pick = picks[1];
    const before = (await serverLines([pick.childSku]))[0]?.qty ?? 0;
    const { context, page } = await slowPhone(0);
    // The stylesheet comes at once, as from the browser's cache on every page after a shopper's first: it blocks the
    // first paint, and at this speed its download alone would hold the paint until the whole document is in, while
    // this test is about a tap on a drawn page whose document still arrives (the first visit's paint on a slow
    // connection is the benchmarks' matter).
    await page.route('**/assets/*.css', (route) =>
      route.fulfill({ path: `dist${new URL(route.request().url()).pathname}`, contentType: 'text/css' }),
    );
    // A slow connection: the page's top (header, gallery, buy box) arrives and is drawn while its end, the router's
    // data and the app starter, is still on its way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: SLOW_BYTES_PER_SECOND,
      uploadThroughput: SLOW_BYTES_PER_SECOND,
    });
    await context.addInitScript(() => {
      window.addEventListener(
        'pointerdown',
        (event) => {
          if (!event.isTrusted || 'tappedWhile' in window) return;
          const drawn = performance.getEntriesByType('paint').some((p) => p.name === 'first-contentful-paint');
          Object.assign(window, { tappedWhile: { reading: document.readyState === 'loading', drawn } });
        },
        true,
      );
    });
    await openFresh(page, pick.url);
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, null, { timeout: 30_000 });
    await tapOnSight(addButton(page));
    expect(await page.evaluate(() => (window as unknown as { tappedWhile: unknown }).tappedWhile)).toEqual({
      reading: true,
      drawn: true,
    });
    // the connection recovers: the app runs and does the tap
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cartHolds(page, pick.childSku, '1', before + 1);
    await page.waitForTimeout(1_500);
    expect(await cartCount(page)).toBe('1');
    await context.close();
  });

  // A shopper who scrolls to the buy box while the page's end is still on its way: the page stays there, through the
  // rest of the page, the app's start and hydration, and a tap there counts. The router's scroll-restoring script,
  // near the end of the page, used to scroll to the top when it arrived, and the tap landed on the product's image.
  test('the page stays where the shopper scrolled it while its end arrives, and the tap there counts', async () => {
    const pick = picks[3];
    const before = (await serverLines([pick.childSku]))[0]?.qty ?? 0;
    const proxy = await holdingProxy(server.baseUrl, '<section class="product-description"');
    try {
      const { context, page } = await slowPhone(0);
      await openFresh(page, proxy.url + new URL(pick.url).pathname);
      const button = addButton(page);
      await button.waitFor({ state: 'visible', timeout: 15_000 });
      const finger = await fingerOn(button);
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled, 'the buy box is below the first screen').toBeGreaterThan(0);
      expect(await page.evaluate(() => document.readyState)).toBe('loading');
      proxy.release();
      await page.waitForFunction(
        () => {
          const add = document.querySelector('.product-actions .add-to-cart');
          return (
            document.readyState === 'complete' && !!add && Object.keys(add).some((k) => k.startsWith('__reactProps'))
          );
        },
        null,
        { timeout: 30_000 },
      );
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await page.touchscreen.tap(finger.x, finger.y);
      await cartHolds(page, pick.childSku, '1', before + 1);
      await context.close();
    } finally {
      await proxy.close();
    }
  });

  // The taps of a sequence all before the app (its entry 4 s late): the app does them one after the other.
  test('a size, another size, then "In winkelwagen", tapped at once: one line, of the last size', async () => {
    const { context, page } = await slowPhone(4_000);
    await openFresh(page, sized.url);
    const sizes = page.locator('.size-list button');
    await tapOnSight(sizes.nth(sized.first.index));
    await sizes.nth(sized.second.index).tap();
    await addButton(page).tap();
    expect(await earlyTaps(page)).toBeGreaterThan(0);
    await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe('1');
    const skus = [sized.first.sku, sized.second.sku];
    await expect.poll(() => serverLines(skus), { timeout: 30_000 }).toEqual([{ sku: sized.second.sku, qty: 1 }]);
    await expect(sizes.nth(sized.second.index).getAttribute('aria-pressed')).resolves.toBe('true');
    await context.close();
  });

  test('a size and "In winkelwagen", another size and "In winkelwagen", tapped at once: two lines', async () => {
    const { context, page } = await slowPhone(4_000);
    // the last test's lines are in another guest cart; these are this cart's
    const skus = [sized.first.sku, sized.second.sku];
    const before = new Map((await serverLines(skus)).map((line) => [line.sku, line.qty]));
    await openFresh(page, sized.url);
    const sizes = page.locator('.size-list button');
    await tapOnSight(sizes.nth(sized.first.index));
    await addButton(page).tap();
    await sizes.nth(sized.second.index).tap();
    await addButton(page).tap();
    expect(await earlyTaps(page)).toBeGreaterThan(0);
    await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe('2');
    const added = async () =>
      (await serverLines(skus)).map((line) => ({ sku: line.sku, qty: line.qty - (before.get(line.sku) ?? 0) }));
    await expect
      .poll(added, { timeout: 30_000 })
      .toEqual(skus.map((sku) => ({ sku, qty: 1 })).sort((a, b) => a.sku.localeCompare(b.sku)));
    await context.close();
  });

  test('the wishlist heart tapped at once puts the product on the wishlist', async () => {
    const pick = picks[1];
    await tappedAtOnce(
      pick.url,
      (page) => page.locator('.product-actions .wishlist-heart'),
      async (page, heart) => {
        await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
        await expect(heart.getAttribute('aria-label')).resolves.toBe(`${pick.name} van je verlanglijst verwijderen`);
        await page.goto(`${server.baseUrl}/wishlist/`);
        await page.locator('main').getByText(pick.name).first().waitFor({ timeout: 15_000 });
      },
    );
  });

  test('the menu button tapped at once opens the menu', async () => {
    await tappedAtOnce(
      picks[2].url,
      (page) => page.getByRole('button', { name: 'Menu' }),
      (page) => page.locator('#side-menu').waitFor({ state: 'visible', timeout: 30_000 }),
    );
  });

  test('the newsletter button tapped at once opens its dialog', async () => {
    await tappedAtOnce(
      `${server.baseUrl}/`,
      (page) => page.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }),
      (page) => page.getByRole('dialog', { name: 'Nieuwsbrief' }).waitFor({ timeout: 30_000 }),
    );
  });

  test('a consent button tapped at once makes the choice: the banner goes and stays gone', async () => {
    await tappedAtOnce(
      `${server.baseUrl}/`,
      (page) => page.getByRole('button', { name: 'Weigeren' }),
      async (page) => {
        await expect.poll(() => page.locator('.consent-banner').count(), { timeout: 30_000 }).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem('ofm-analytics-consent'))).toBe('refused');
        // the next page: the choice holds (the server's banner is hidden from the first paint and leaves with the app)
        await page.reload();
        await expect(page.locator('.consent-banner').isVisible()).resolves.toBe(false);
        await expect.poll(() => page.locator('.consent-banner').count(), { timeout: 15_000 }).toBe(0);
      },
    );
  });

  test('"Vergelijk" tapped at once puts the product on the compare list', async () => {
    await tappedAtOnce(
      picks[2].url,
      (page) => page.locator('.compare-toggle.product-compare'),
      async (page, compare) => {
        await expect.poll(() => compare.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
        await page.getByText('Het product staat in je vergelijking').waitFor({ timeout: 15_000 });
        // once: a second toggle would have taken it off again
        await page.waitForTimeout(1_000);
        expect(await compare.getAttribute('aria-pressed')).toBe('true');
      },
    );
  });

  test("the bottom navigation's customer service tapped at once opens its sheet", async () => {
    await tappedAtOnce(
      `${server.baseUrl}/`,
      (page) => page.getByRole('navigation', { name: 'Snelmenu' }).getByRole('button', { name: 'Klantenservice' }),
      (page) => page.getByRole('dialog', { name: 'Klantenservice' }).waitFor({ timeout: 30_000 }),
    );
  });

  test('the store switch tapped at once opens the Belgian shop, and it stays chosen', async () => {
    const { context, page } = await slowPhone();
    await openFresh(page, `${server.baseUrl}/`);
    const belgium = page.getByRole('navigation', { name: 'Kies je land' }).getByRole('button', { name: 'België' });
    await belgium.waitFor({ state: 'attached', timeout: 15_000 });
    await belgium.scrollIntoViewIfNeeded();
    await belgium.tap();
    expect(await earlyTaps(page)).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 30_000 }).toBe('nl-BE');
    await expect.poll(() => belgium.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe('nl-BE');
    await context.close();
  });

  // A tablet held upright shows the category's filters beside the products, without the phone's "Filter" button, so
  // they are there to tick before the app runs (its entry 4 s late).
  test('two colours ticked before the app runs show ticked at once, and both filter the listing', async () => {
    const categories = await api<{ items: { url_path: string; level: number }[] }>(
      server,
      'POST',
      '/api/catalog/nl/category/_search',
      { filter: { level: 2 }, size: 1 },
    );
    const { context, page } = await slowPhone(4_000, { ...PHONE, viewport: { width: 1024, height: 1366 } });
    await openFresh(page, `${server.baseUrl}/${categories.body.result.items[0].url_path}`);
    const colours = page
      .locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Kleur' }) })
      .locator('label.facet-option');
    await colours.first().waitFor({ state: 'visible', timeout: 15_000 });
    const counts = await colours.evaluateAll((labels) =>
      labels.slice(0, 2).map((label) => Number(/\((\d+)\)/.exec(label.textContent!)![1])),
    );
    for (const i of [0, 1]) {
      await colours.nth(i).tap();
      // the box shows the tick the frame after the tap, not only the press: a shopper who sees none taps again
      await expect.poll(() => colours.nth(i).locator('input').isChecked(), { timeout: 1_000 }).toBe(true);
    }
    expect(await earlyTaps(page)).toBe(2);
    // ...and stay ticked in every frame drawn until the app has done both (its render of the first tick sets the
    // second's box to what it knew until then): looked at after every other frame callback, just before the paint
    await page.evaluate(() => {
      const shown = { frames: 0, unticked: 0 };
      Object.assign(window, { shown });
      const boxes = () =>
        [...document.querySelectorAll('fieldset.facet')]
          .find((set) => set.querySelector('legend')?.textContent === 'Kleur')!
          .querySelectorAll<HTMLInputElement>('label.facet-option input');
      const look = () => {
        shown.frames += 1;
        if (!boxes()[0].checked || !boxes()[1].checked) shown.unticked += 1;
        // registered from a task after the frame: the next frame runs it after the callbacks registered in this one
        setTimeout(() => requestAnimationFrame(look), 0);
      };
      requestAnimationFrame(look);
    });
    await expect
      .poll(() => new URL(page.url()).searchParams.get('color')?.split(',').length, { timeout: 30_000 })
      .toBe(2);
    for (const i of [0, 1]) expect(await colours.nth(i).locator('input').isChecked()).toBe(true);
    const shown = await page.evaluate(
      () => (window as unknown as { shown: { frames: number; unticked: number } }).shown,
    );
    expect(shown.frames).toBeGreaterThan(10);
    expect(shown, 'frames drawn with a tapped box unticked').toMatchObject({ unticked: 0 });
    await page
      .locator('.listing-count', { hasText: `${counts[0] + counts[1]} producten` })
      .waitFor({ timeout: 30_000 });
    await context.close();
  });

  // The pressed mark is the starter's, from the touch: the app's entry is held back 6 s, so nothing else could give it.
  test('a touch shows the control pressed before the app runs; a touch that becomes a scroll takes the mark away', async () => {
    const pick = picks[2];
    const { context, page } = await slowPhone(6_000);
    await openFresh(page, pick.url);
    const button = addButton(page);
    await button.waitFor({ state: 'visible', timeout: 15_000 });
    const finger = await fingerOn(button);
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
    const pressed = () => button.evaluate((el) => el.classList.contains('is-pressed-early') && el.ariaBusy === 'true');
    const kept = () =>
      page.evaluate(
        () => (window as unknown as { ofmTakeEarlyTap: () => { queue: unknown[] } }).ofmTakeEarlyTap().queue,
      );

    await touch('touchStart', finger);
    await expect.poll(pressed, { timeout: 2_000 }).toBe(true);
    // the finger moves up the screen: the page scrolls, the browser cancels the press, and no tap is kept
    for (let dy = 20; dy <= 300; dy += 20) await touch('touchMove', { x: finger.x, y: finger.y - dy });
    await touch('touchEnd');
    await expect.poll(() => page.evaluate(() => scrollY), { timeout: 2_000 }).toBeGreaterThan(0);
    await expect.poll(pressed, { timeout: 2_000 }).toBe(false);
    expect(await kept()).toHaveLength(0);

    // a tap: pressed from its touch, and still pressed until the app has done it (once the page has stopped moving: a
    // touch on a page still scrolling only stops it)
    let still = -1;
    await expect
      .poll(
        async () => {
          const [before, after] = [still, await page.evaluate(() => scrollY)];
          still = after;
          return before === after;
        },
        { timeout: 5_000, interval: 300 },
      )
      .toBe(true);
    const there = await fingerOn(button);
    await touch('touchStart', there);
    await expect.poll(pressed, { timeout: 2_000 }).toBe(true);
    await touch('touchEnd');
    await expect.poll(() => kept().then((queue) => queue.length), { timeout: 2_000 }).toBe(1);
    await page.waitForTimeout(1_000);
    expect(await pressed()).toBe(true);
    await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe('1');
    await expect.poll(pressed, { timeout: 5_000 }).toBe(false);
    await expect
      .poll(() => serverLines([pick.childSku]), { timeout: 30_000 })
      .toEqual([{ sku: pick.childSku, qty: 1 }]);
    await context.close();
  });

  // The mark is drawn in the frame after the touch, but the browser's own hit test for the press's `mousedown` comes
  // first, in the touch's task: a mark that needed a layout (a new layer: any opacity, or a transform where there was
  // none) made the browser lay the page out there, 2–7 ms at 4× (traced 2026-12-06). Chromium's own count of layouts.
  test('the pressed mark is painted without a layout, on every kind of control', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(picks[3].url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const layouts = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'LayoutCount')!.value;
    const controls: Record<string, Locator> = {
      'In winkelwagen': addButton(page),
      'the wishlist heart': page.locator('.product-actions .wishlist-heart'),
      'a size': page.locator('.size-option').first(),
      'a secondary button': page.locator('.store-stock-open'),
      'the menu button': page.getByRole('button', { name: 'Menu' }),
    };
    for (const [name, control] of Object.entries(controls)) {
      const at = await fingerOn(control);
      // The page still lays itself out now and then (an image that arrived, a hit test after the scroll): the fewest
      // layouts of a few tries is the mark's own. A mark that needs one adds it to every try.
      let fewest = Infinity;
      for (let attempt = 0; attempt < 5 && fewest > 0; attempt++) {
        await page.evaluate((point) => document.elementFromPoint(point.x, point.y), at);
        const before = await layouts();
        const shown = await control.evaluate((el, point) => {
          el.classList.add('is-pressed-early');
          el.setAttribute('aria-busy', 'true');
          // the browser's hit test, as for the press's mousedown, and the mark's style
          document.elementFromPoint(point.x, point.y);
          return getComputedStyle(el).transform;
        }, at);
        expect(shown, `${name} is shown pressed`).toMatch(/^matrix\(0\.96, 0, 0, 0\.96/);
        fewest = Math.min(fewest, (await layouts()) - before);
        await control.evaluate((el) => {
          el.classList.remove('is-pressed-early');
          el.removeAttribute('aria-busy');
        });
      }
      expect(fewest, `${name}: layouts for its mark`).toBe(0);
    }
    await context.close();
  });

  // After the starter's release the app does the tap, but its own state comes with the click (some tasks later on a
  // busy phone): the starter still marks the touched control from the touch, and the mark goes with the click.
  test('after the app has taken over, a touch still shows the control pressed at once, and the click takes the mark', async () => {
    const pick = picks[0];
    const before = (await serverLines([pick.childSku]))[0]?.qty ?? 0;
    const { context, page } = await slowPhone();
    await openFresh(page, pick.url);
    await page.waitForFunction(
      () => (window as unknown as { ofmTakeEarlyTap?: () => { released: boolean } }).ofmTakeEarlyTap?.().released,
      null,
      { timeout: 30_000 },
    );
    const button = addButton(page);
    const finger = await fingerOn(button);
    const cdp = await context.newCDPSession(page);
    const marked = () => button.evaluate((el) => el.classList.contains('is-pressed-early'));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
    await expect.poll(marked, { timeout: 2_000 }).toBe(true);
    // the app's busy state is its own: the starter no longer sets aria-busy
    expect(await button.getAttribute('aria-busy')).not.toBe('true');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe('1');
    expect(await marked()).toBe(false);
    await expect
      .poll(() => serverLines([pick.childSku]), { timeout: 30_000 })
      .toEqual([{ sku: pick.childSku, qty: before + 1 }]);
    await context.close();
  });

  // A finger already down when the starter lets go: its mark stays (the app's aria-busy is not faked) and its click
  // is the app's own, done once.
  test('a press held down through the release keeps its mark, and its click is done once by the app', async () => {
    const pick = picks[2];
    const before = (await serverLines([pick.childSku]))[0]?.qty ?? 0;
    const { context, page } = await slowPhone();
    await openFresh(page, pick.url);
    const button = addButton(page);
    await button.waitFor({ state: 'visible', timeout: 15_000 });
    const finger = await fingerOn(button);
    const cdp = await context.newCDPSession(page);
    const marked = () => button.evaluate((el) => el.classList.contains('is-pressed-early'));
    const released = () =>
      page.evaluate(
        () => (window as unknown as { ofmTakeEarlyTap: () => { released: boolean } }).ofmTakeEarlyTap().released,
      );
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
    expect(await released()).toBe(false);
    await expect.poll(marked, { timeout: 2_000 }).toBe(true);
    await expect.poll(released, { timeout: 30_000 }).toBe(true);
    expect(await marked()).toBe(true);
    expect(await button.getAttribute('aria-busy')).not.toBe('true');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => cartCount(page), { timeout: 30_000 }).toBe('1');
    expect(await marked()).toBe(false);
    await expect
      .poll(() => serverLines([pick.childSku]), { timeout: 30_000 })
      .toEqual([{ sku: pick.childSku, qty: before + 1 }]);
    await page.waitForTimeout(1_000);
    expect(await cartCount(page)).toBe('1');
    await context.close();
  });

  // Between the root's hydration and the starter's release (the route's contents and the footer still dehydrated, at
  // 4× about a second) the starter keeps a link's click too, and the app replays it to the router. A button outside
  // React's tree (as a browser extension adds; React skips it) is never hydrated: the starter holds the page for its
  // whole limit (5 s), so the tap surely comes while it holds.
  test("a link tapped the moment the header is the app's is followed by the router, not a new document", async () => {
    const { context, page } = await slowPhone();
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const foreign = document.createElement('button');
        foreign.id = 'foreign-button';
        document.body.append(foreign);
      });
    });
    await openFresh(page, picks[1].url);
    // the root's hydration has committed (React gives an element its props while it renders, before that)
    await page.waitForFunction(
      () => (window as unknown as { ofmTakeEarlyTap?: () => { links: boolean } }).ofmTakeEarlyTap?.().links === true,
      null,
      { timeout: 30_000, polling: 10 },
    );
    await page.evaluate(() => ((window as unknown as { rendered: string }).rendered = 'server'));
    await page.locator('a.logo').tap();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/');
    expect(await page.evaluate(() => (window as unknown as { rendered?: string }).rendered)).toBe('server');
    await context.close();
  });

  // The drawer asks the worker for the cart when it opens; tapped the moment the page shows, the worker has not even
  // started. It says it is loading until then, never "Je winkelwagen is leeg" (it did, for 50–140 ms at 4×). Its link
  // to checkout navigates after the drawer's closing frame (src/app/router.tsx), and checkout shows the same subtotal.
  test('the cart drawer tapped at once never says the cart is empty; its checkout link leads to the same subtotal', async () => {
    const pick = picks[3];
    const before = (await serverLines([pick.childSku]))[0]?.qty ?? 0;
    const { context, page } = await slowPhone();
    await context.addInitScript(() => {
      const w = window as unknown as { emptySeen: boolean };
      w.emptySeen = false;
      document.addEventListener('DOMContentLoaded', () =>
        new MutationObserver(() => {
          if (document.querySelector('.microcart .empty-state')) w.emptySeen = true;
        }).observe(document.body, { subtree: true, childList: true }),
      );
    });
    await openFresh(page, pick.url);
    await tapOnSight(addButton(page));
    await cartHolds(page, pick.childSku, '1', before + 1);

    await openFresh(page, pick.url);
    await tapOnSight(page.locator('.minicart-button'));
    const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
    await drawer.getByRole('link', { name: pick.name }).first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { emptySeen: boolean }).emptySeen)).toBe(false);
    const subtotal = await drawer.getByTestId('totals-subtotal').innerText();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);

    await drawer.getByRole('link', { name: 'Verder naar afrekenen' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Afrekenen' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('totals-subtotal').first().innerText()).toBe(subtotal);
    expect(await page.locator('.microcart').count()).toBe(0);
    expect(await serverLines([pick.childSku])).toEqual([{ sku: pick.childSku, qty: before + 1 }]);
    await context.close();
  });

  // The blog's overview is a part whose code loads with it (src/features/content/blocks.tsx): text typed into its
  // search box before that code has arrived reaches it.
  test("the blog's search typed into before the overview's code has arrived suggests the article", async () => {
    const { context, page } = await slowPhone();
    await openFresh(page, `${server.baseUrl}/blog/`);
    const box = page.getByRole('searchbox', { name: 'Zoek in de blog' });
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    const typedEarly = await box.evaluate((el) => !Object.keys(el).some((key) => key.startsWith('__reactProps')));
    await box.tap();
    await box.pressSequentially('overhemd');
    expect(typedEarly).toBe(true);
    await page
      .getByRole('list', { name: 'Suggesties' })
      .getByRole('link', { name: 'Zo kies je het juiste overhemd' })
      .waitFor({ timeout: 30_000 });
    expect(await box.inputValue()).toBe('overhemd');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await context.close();
  });

  test('a search typed and sent before the app runs arrives: its results page', async () => {
    const term = picks[0].name.split(' ').find((word) => word.length >= 4)!;
    const { context, page } = await slowPhone();
    await openFresh(page, `${server.baseUrl}/`);
    const box = page.getByRole('search').getByRole('combobox');
    await box.waitFor({ state: 'visible', timeout: 15_000 });
    const typedEarly = await box.evaluate((el) => !Object.keys(el).some((key) => key.startsWith('__reactProps')));
    await box.tap();
    await box.pressSequentially(term);
    await box.press('Enter');
    expect(typedEarly).toBe(true);
    await page.getByRole('heading', { level: 1, name: `Zoekresultaten voor ‘${term}’` }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    await context.close();
  });
});
