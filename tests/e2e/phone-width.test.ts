import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { logInAs, useAppInChromium } from './browser.ts';

/**
 * No page scrolls sideways on a phone (spec 001 §2 screens): every main route at 360 and 412 px wide keeps its
 * document within the screen, so the phone never zooms out and taps land where the shopper aims.
 */
let server: TestServer;
let browser: Browser;
const routes: [name: string, path: string][] = [];

useAppInChromium({ products: 20, staticDir: 'dist' }, async (app) => {
  ({ server, browser } = app);
  const products = await api<{ items: { url_path: string }[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 1,
  });
  const categories = await api<{ items: { url_path: string }[] }>(server, 'POST', '/api/catalog/nl/category/_search', {
    filter: { parent_id: 2 },
    size: 1,
  });
  routes.push(
    ['home', '/'],
    ['category', `/${categories.body.result.items[0]!.url_path}`],
    ['product', `/${products.body.result.items[0]!.url_path}`],
    ['cart', '/winkelwagen/'],
    ['checkout', '/checkout/'],
    ['login', '/login/'],
    ['account', '/mijn-account/'],
    // the demo customer's points history and in-store purchases are tables
    ['club', '/mijn-account/ofm-club/'],
    ['purchases', '/mijn-account/aankopen/'],
    ['stores', '/winkels/'],
    ['search', '/catalogsearch/result/?q=overhemd'],
    ['content page', '/klantenservice/'],
    ['gift cards (balance check)', '/cadeaubonnen'],
    ['wishlist', '/wishlist/'],
    ['compare', '/vergelijken/'],
    ['donation page', '/mannen-voor-mannen/movember'],
    ['newsletter confirmation', '/nieuwsbrief/bevestigen'],
    ['not found', '/deze-pagina-bestaat-niet'],
  );
});

/** The page's scroll width, and the outermost element that sticks out of the screen, to say what to fix. */
function overflow(page: Page, width: number) {
  return page.evaluate((screen) => {
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outermost = Array.from(document.body.querySelectorAll('*')).find(
      (el) => el.getBoundingClientRect().right > screen + 0.5 && !clipped(el),
    );
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, '.')}`;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      sticksOut: outermost
        ? `${outermost.parentElement ? name(outermost.parentElement) : ''} > ${name(outermost)}`
        : '',
    };
  }, width);
}

describe.each([360, 412])('at %i px wide', (width) => {
  test('no route scrolls sideways', async () => {
    const context = await browser.newContext({
      viewport: { width, height: 780 },
      isMobile: false,
      hasTouch: true,
    });
    const page = await context.newPage();
    await logInAs(page, server.baseUrl, 'demo@ofm-shop.nl', 'Welkom#2026');
    for (const [name, path] of routes) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(200);
      expect({ route: name, ...(await overflow(page, width)) }).toEqual({
        route: name,
        scrollWidth: width,
        sticksOut: '',
      });
    }
    await context.close();
  });
});
