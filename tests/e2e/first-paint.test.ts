import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, PHONE, useShopInChromium } from './browser.ts';

/**
 * The first paint of a server-rendered page on a phone (docs/benchmarks.md budgets, Lighthouse's layout shift): what the
 * server's HTML shows stays where it is while the app hydrates and the worker and the CMS answer — the consent
 * banner is in the HTML where a choice is due, the category tabs and the selling points hold their place.
 */
let server: TestServer;
let browser: Browser;
let productPath: string;
let categoryPath: string;

useShopInChromium({ products: 20, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  const found = await api<{ items: { url_path: string; category_ids: number[] }[] }>(
    server,
    'POST',
    '/api/catalog/nl/product/_search',
    {
      filter: { type_id: 'configurable' },
      size: 1,
    },
  );
  productPath = `/${found.body.result.items[0].url_path}`;
  const categories = await api<{ items: { url_path: string; level: number }[] }>(
    server,
    'POST',
    '/api/catalog/nl/category/_search',
    { filter: { id: { in: found.body.result.items[0].category_ids } }, size: 20 },
  );
  categoryPath = `/${categories.body.result.items.find((c) => c.level === 2)!.url_path}`;
});

/** Records every layout shift of the page from its first paint on. */
const RECORD_SHIFTS = `window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push(entry.value);
}).observe({ type: 'layout-shift', buffered: true });`;

/** Opens a path and waits until the late parts are in: the category tabs and the selling points with their links. */
async function openAndSettle(page: Page, path: string): Promise<number[]> {
  await page.goto(server.baseUrl + path);
  await page.locator('.tabbed-nav a').first().waitFor();
  await page.locator('.selling-points a').first().waitFor();
  return page.evaluate<number[]>('window.__shifts');
}

/**
 * Writes a page's HTML without its scripts, tag by tag, into a phone-sized frame, as the browser paints it when its
 * parser pauses anywhere (a streamed chunk not yet there, a slow CPU), and answers every element in the viewport that
 * moved after its end tag: a layout shift on a first visit that happens only when the pause falls there.
 */
const WRITE_IN_PIECES = `async (html) => {
  document.body.innerHTML = '<iframe style="width:412px;height:915px;border:0"></iframe>';
  const doc = document.querySelector('iframe').contentDocument;
  doc.open();
  const tokens = html.match(/<[^>]*>|[^<]+/g);
  const bodyAt = tokens.findIndex((t) => /^<body/i.test(t));
  doc.write(tokens.slice(0, bodyAt).join(''));
  await Promise.all([...doc.querySelectorAll('link[rel=stylesheet]')].map((link) =>
    link.sheet ? null : new Promise((done) => { link.onload = done; link.onerror = done; })));
  const place = (el) => {
    const r = el.getBoundingClientRect();
    if (el.closest('.visually-hidden') || !r.width || !r.height || r.top > 915 || r.bottom < 0) return null;
    return Math.round(r.x) + ',' + Math.round(r.y);
  };
  const path = (el) => {
    const names = [];
    for (let e = el; e && e !== doc.body; e = e.parentElement) names.unshift(e.tagName.toLowerCase() + [...e.classList].map((c) => '.' + c).join(''));
    return names.join(' > ');
  };
  const placed = new Map();
  const complete = (el) => { const at = place(el); if (at !== null && !placed.has(el)) placed.set(el, at); };
  const open = [];
  const moved = [];
  let count = 0;
  for (let i = bodyAt; i < tokens.length; i++) {
    const token = tokens[i];
    doc.write(token);
    if (!token.startsWith('<') || token.startsWith('<!')) continue;
    const all = doc.body.querySelectorAll('*');
    if (token.startsWith('</')) {
      const name = token.slice(2, -1).trim().toLowerCase();
      while (open.length) { const el = open.pop(); complete(el); if (el.tagName.toLowerCase() === name) break; }
    } else if (all.length > count) {
      const el = all[all.length - 1];
      while (open.length && !open[open.length - 1].contains(el)) complete(open.pop());
      if (token.endsWith('/>') || /^<(img|input|br|hr|source|wbr)\\b/i.test(token)) complete(el);
      else open.push(el);
    }
    count = all.length;
    for (const [el, was] of placed) {
      const at = place(el);
      if (at !== null && at !== was) { moved.push(path(el) + ': ' + was + ' to ' + at + ' when ' + token.slice(0, 50) + ' came'); placed.set(el, at); }
    }
  }
  doc.close();
  return moved;
}`;

describe('a server-rendered page does not move while the app takes over', () => {
  test('painted in pieces, as the HTML arrives: no element of home, category or product page moves once it is complete', async () => {
    const { context, page } = await openPage(browser, PHONE);
    // a page of the shop without its HTML: the frame gets the shop's origin, so the stylesheets load as on the page
    await page.goto(server.baseUrl + '/robots.txt');
    for (const path of ['/', categoryPath, productPath]) {
      const html = (await (await fetch(server.baseUrl + path)).text()).replace(/<script\b[\s\S]*?<\/script>/g, '');
      expect(html, path).toContain('class="logo');
      expect(await page.evaluate(`(${WRITE_IN_PIECES})(${JSON.stringify(html)})`), path).toEqual([]);
    }
    await context.close();
  });

  test('first visit: the consent banner shows from the HTML, and nothing shifts on home and product page', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await context.addInitScript(RECORD_SHIFTS);
    for (const path of ['/', productPath]) {
      // the server's HTML alone, before any script of the app ran
      const html = await (await fetch(server.baseUrl + path)).text();
      expect(html).toContain('consent-banner consent-banner-unknown');
      expect(await openAndSettle(page, path)).toEqual([]);
      await expect(page.locator('.consent-banner').isVisible()).resolves.toBe(true);
    }
    await context.close();
  });

  test('after a choice the banner is not painted at all, and nothing shifts', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await context.addInitScript(RECORD_SHIFTS);
    await page.goto(server.baseUrl + '/');
    await page.getByRole('button', { name: 'Weigeren' }).click();
    // a tap before hydration is kept and done when the app runs (docs/server-rendering.md): the banner goes then
    await page.locator('.consent-banner').waitFor({ state: 'detached' });
    // the next page: the server's banner stays hidden from the first paint and leaves after hydration
    await context.addInitScript(`new MutationObserver(() => {
      const banner = document.querySelector('.consent-banner');
      if (banner && banner.getBoundingClientRect().height > 0) window.__bannerPainted = true;
    }).observe(document, { childList: true, subtree: true });`);
    expect(await openAndSettle(page, productPath)).toEqual([]);
    await expect(page.evaluate('window.__bannerPainted === true')).resolves.toBe(false);
    await expect(page.locator('.consent-banner').count()).resolves.toBe(0);
    await context.close();
  });
});
