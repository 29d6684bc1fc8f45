import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { DESKTOP, openPage, useShopInChromium } from './browser.ts';

/**
 * The page shell on a 412 px phone (spec 001 §1, §2, §4): the side menu's category tree down to a product and the back
 * link's way back with the names of the pages visited, the bottom navigation, the customer-service bottom sheet
 * (swipe down > 100 px closes, a route change closes), the selling-points strip and the accessibility button
 * remembered across a reload. Every link the phone's shell offers leads to a page, never to "Pagina niet gevonden".
 */
let server: TestServer;
let browser: Browser;

interface Cat {
  id: number;
  name: string;
  url_path: string;
  level: number;
  parent_id: number;
}
interface Doc {
  name: string;
  url_path: string;
  category_ids?: number[];
}

/** A subcategory (level 3) with a product in it, its parent, and the product: the walk's stops. */
let walk: { parent: Cat; sub: Cat; product: Doc };

useShopInChromium({ products: 60, staticDir: 'dist' }, async (shop) => {
  ({ server, browser } = shop);
  const categories = (await api<{ items: Cat[] }>(server, 'POST', '/api/catalog/nl/category/_search', { size: 500 }))
    .body.result.items;
  const products = (
    await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
      filter: { visibility: { in: [2, 3, 4] }, status: 1 },
      size: 200,
    })
  ).body.result.items;
  for (const product of products) {
    const sub = categories.find((c) => c.level === 3 && product.category_ids?.includes(c.id));
    const parent = sub && categories.find((c) => c.id === sub.parent_id && c.level === 2);
    if (sub && parent) {
      walk = { parent, sub, product };
      break;
    }
  }
  expect(walk, 'seed has a product in a subcategory of a top category').toBeTruthy();
});

const NOT_FOUND = 'Pagina niet gevonden';
const heading = (page: Page) => page.locator('main h1').first();
const headingIs = (page: Page, text: string) =>
  expect.poll(async () => (await heading(page).textContent())?.trim(), { timeout: 15_000 }).toBe(text);
const backLink = (page: Page) => page.locator('main .breadcrumbs-back a');

async function openSubmenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu' }).tap();
  // Playwright taps only what is on top at that point: an overlay above the menu would fail here.
  await page.locator('#side-menu').getByRole('button', { name, exact: true }).tap();
  return page.getByRole('group', { name });
}

test('menu → category → subcategory → product, and the back link leads back by name', async () => {
  const { parent, sub, product } = walk;
  const { context, page } = await openPage(browser);
  await page.goto(`${server.baseUrl}/`);

  await (await openSubmenu(page, parent.name)).getByRole('link', { name: `Alle ${parent.name}` }).tap();
  await headingIs(page, parent.name);
  await expect.poll(() => page.locator('.overlay').count()).toBe(0);

  await (await openSubmenu(page, parent.name)).getByRole('link', { name: sub.name, exact: true }).tap();
  await headingIs(page, sub.name);
  // nav_path is recorded after the navigation, so the back link may name the previous stop for a moment
  await expect.poll(() => backLink(page).textContent()).toBe(`‹ Terug naar ${parent.name}`);

  await page
    .locator('main .tile-link', { has: page.locator('.tile-name', { hasText: product.name }) })
    .first()
    .tap();
  await headingIs(page, product.name);
  // The product's back link names the subcategory the shopper came from, not "Home".
  await expect.poll(() => backLink(page).textContent()).toBe(`‹ Terug naar ${sub.name}`);

  await backLink(page).tap();
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === `/${sub.url_path}`);
  await headingIs(page, sub.name);
  // Back at the subcategory, its back link leads one step further back, to the top category.
  await expect.poll(() => backLink(page).textContent()).toBe(`‹ Terug naar ${parent.name}`);
  await backLink(page).tap();
  await headingIs(page, parent.name);
  await expect.poll(() => backLink(page).textContent()).toBe('‹ Terug naar Home');
  await context.close();
});

test('on a wide screen the product shows its category path as breadcrumbs, in the HTML the server sends too', async () => {
  const { parent, sub, product } = walk;
  const trail = ['Home', parent.name, sub.name, product.name];
  // Without JavaScript (a search engine): the trail is in the server's HTML, and its links work.
  const plain = await openPage(browser, { ...DESKTOP, javaScriptEnabled: false });
  await plain.page.goto(`${server.baseUrl}/${product.url_path}`);
  const serverCrumbs = plain.page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('listitem');
  expect(await serverCrumbs.allInnerTexts()).toEqual(trail);
  // only the product itself is the current page
  expect(await plain.page.locator('main nav.breadcrumbs-trail [aria-current="page"]').allInnerTexts()).toEqual([
    product.name,
  ]);
  // the structured data a search engine reads names the same trail
  const structured = (await plain.page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; 'itemListElement'?: { name: string }[] },
  );
  const breadcrumbList = structured.find((data) => data['@type'] === 'BreadcrumbList');
  expect(breadcrumbList?.itemListElement?.map((item) => item.name)).toEqual(trail);
  await serverCrumbs.getByRole('link', { name: parent.name, exact: true }).click();
  await headingIs(plain.page, parent.name);
  await plain.context.close();

  const { context, page } = await openPage(browser, DESKTOP);
  await page.goto(`${server.baseUrl}/${product.url_path}`);
  await headingIs(page, product.name);
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('listitem');
  await expect.poll(() => crumbs.allInnerTexts(), { timeout: 10_000 }).toEqual(trail);
  await crumbs.getByRole('link', { name: sub.name, exact: true }).click();
  await headingIs(page, sub.name);
  await context.close();
});

test('bottom navigation, tabbed navigation, selling points and the footer lead to real pages', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(`${server.baseUrl}/`);
  const bottom = page.getByRole('navigation', { name: 'Snelmenu' });

  await bottom.getByRole('link', { name: 'Winkels' }).tap();
  await headingIs(page, 'Vind een winkel');
  expect(await bottom.getByRole('link', { name: 'Winkels' }).getAttribute('aria-current')).toBe('page');
  await bottom.getByRole('link', { name: 'Home' }).tap();
  await page.waitForURL(`${server.baseUrl}/`);

  // "Categorieën" opens the side menu with its overlay; a category in it is tappable above the overlay.
  await bottom.getByRole('button', { name: 'Categorieën' }).tap();
  await page.locator('#side-menu').getByRole('button', { name: walk.parent.name, exact: true }).tap();
  await page.getByRole('group', { name: walk.parent.name }).getByRole('link', { name: walk.sub.name }).tap();
  await headingIs(page, walk.sub.name);
  await expect.poll(() => page.locator('.overlay').count()).toBe(0);

  // The selling points from the CMS block global/usps: three, so centred, with bold and normal labels.
  const usps = page.locator('.selling-points .cms-usps');
  expect(await usps.getAttribute('class')).toContain('cms-usps-centered');
  expect(await usps.locator('li strong').allTextContents()).toEqual([
    'Gratis verzending',
    'Gratis retour',
    'Gratis vermaken',
  ]);

  // The current top category's tab is marked.
  const tabs = page.getByRole('navigation', { name: 'Categorieën' });
  expect(await tabs.getByRole('link', { name: walk.parent.name }).getAttribute('aria-current')).toBe('page');

  // Every link of the phone's shell leads to a page of its own.
  const hrefs = await page
    .locator('.bottom-nav a, .tabbed-nav a, .selling-points a, .site-footer a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
  expect(hrefs).toContain('/blog/');
  expect(hrefs.length).toBeGreaterThan(20);
  for (const href of hrefs) {
    await page.goto(server.baseUrl + href);
    await expect.poll(async () => (await heading(page).textContent())?.trim() ?? '', { timeout: 15_000 }).not.toBe('');
    expect(await heading(page).textContent(), href).not.toBe(NOT_FOUND);
  }
  await context.close();
});

test("the footer's blog: the overview, an article from it and the back link to the blog", async () => {
  const { context, page } = await openPage(browser);
  await page.goto(`${server.baseUrl}/`);
  // On a phone the footer's link columns are collapsed: the shopper opens "Over OFM" first.
  await page.locator('.site-footer summary', { hasText: 'Over OFM' }).tap();
  await page.locator('.site-footer').getByRole('link', { name: 'Blog', exact: true }).tap();
  await headingIs(page, 'Blog');
  // the overview's article list (docs/content.md; its paging is in content.test.ts)
  const articles = page.locator('.blog-list', { has: page.getByRole('heading', { name: 'Artikelen' }) });
  const card = articles.locator('.story-card').first();
  await card.waitFor();
  const title = (await card.locator('strong').textContent())!;
  await card.getByRole('link').tap();
  await headingIs(page, title);
  // The article's back link names the blog page it came from.
  await expect.poll(() => backLink(page).textContent()).toBe('‹ Terug naar Blog');
  await backLink(page).tap();
  await headingIs(page, 'Blog');
  await context.close();
});

/** A finger on the sheet's handle moved down by `dy` px, through Chromium's touch input. */
async function swipeDown(page: Page, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  const box = (await page.locator('.sheet-handle').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * step) / 5 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('the customer-service bottom sheet: its links, a swipe down of more than 100 px and a route change close it', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(`${server.baseUrl}/`);
  const open = () => page.getByRole('navigation', { name: 'Snelmenu' }).getByRole('button', { name: 'Klantenservice' });
  const sheet = page.getByRole('dialog', { name: 'Klantenservice' });

  await open().tap();
  await sheet.waitFor();
  // The footer's contact items from the CMS, as real links.
  await expect.poll(() => sheet.getByRole('link', { name: /Bel ons/ }).getAttribute('href')).toBe('tel:+31201234567');
  expect(await sheet.getByRole('link', { name: /Mail ons/ }).getAttribute('href')).toBe(
    'mailto:klantenservice@ofm-shop.nl',
  );
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

  await swipeDown(page, 60);
  await page.waitForTimeout(500);
  expect(await sheet.isVisible(), 'a swipe of 60 px leaves it open').toBe(true);
  await swipeDown(page, 160);
  await sheet.waitFor({ state: 'detached', timeout: 2_000 });
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  // A link in the sheet changes the route, and the route change closes the sheet.
  await open().tap();
  await sheet.getByRole('link', { name: /Alle klantenservice-onderwerpen/ }).tap();
  await headingIs(page, 'Klantenservice');
  await sheet.waitFor({ state: 'detached', timeout: 2_000 });
  await context.close();
});

test('the accessibility button: larger text and the closed button are remembered after a reload', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(`${server.baseUrl}/`);
  const tool = page.getByRole('complementary', { name: 'Toegankelijkheid' });
  const button = tool.getByRole('button', { name: 'Toegankelijkheid', exact: true });
  // Fixed at the right edge of the screen.
  const box = (await button.boundingBox())!;
  expect(Math.round(box.x + box.width)).toBe(412);

  await button.tap();
  await tool.getByRole('button', { name: 'Grotere tekst' }).tap();
  const largeText = () => page.evaluate(() => document.documentElement.classList.contains('a11y-large-text'));
  expect(await largeText()).toBe(true);
  await page.reload();
  await tool.waitFor();
  expect(await largeText(), 'larger text is remembered').toBe(true);

  await tool.getByRole('button', { name: 'Toegankelijkheidsknop sluiten' }).tap();
  await tool.waitFor({ state: 'detached' });
  await page.reload();
  const showAgain = page.locator('footer').getByRole('button', { name: 'Toegankelijkheid', exact: true });
  await showAgain.waitFor();
  expect(await tool.count(), 'the closed button stays closed').toBe(0);

  // The footer brings it back.
  await showAgain.tap();
  await tool.waitFor();
  await context.close();
});
