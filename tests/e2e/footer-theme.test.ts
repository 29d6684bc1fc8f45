import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { plainText } from '../../src/lib/plain-text.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { PHONE, openPage, useShopInChromium } from './browser.ts';
import { violationReport, wcagViolations } from './wcag.ts';

/**
 * The theme config (spec 001 §7) and the footer's content (spec 001 §1, §3 "Footer content") on a phone: every
 * expectation is read from the server's answer, so the screen is held to what the CMS says, not to a copy here.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 4, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

interface ThemeContent {
  logo: { image: string; alt: string; link: string };
  menu: { title: string; link: string }[];
  colors: { primary: string };
}

interface FooterContent {
  awardImages: { src: string; alt: string }[];
  contactHeader: { title: string; description: string; richText: string };
  socialLinks: { name: string; title: string; link: string }[];
  paymentLogos: string[];
}

async function story<T>(path: string): Promise<T> {
  const res = await api<{ story: { content: T } }>(server, 'GET', `/api/cms/story/${path}`);
  expect(res.status).toBe(200);
  return res.body.result.story.content;
}

/** An image has loaded when the browser decoded it: a broken one has no natural width. */
const loaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) => images.map((i) => (i as HTMLImageElement).naturalWidth > 0));

describe('theme config and footer on a phone', () => {
  test("the header's logo, a menu item and the colours come from the theme config", async () => {
    // An editor renames the first menu item and changes the primary colour: the shop must show the theme's, not the
    // category tree's name or the stylesheet's colour.
    await server.db.query(
      `update cms_stories set published = jsonb_set(jsonb_set(published, '{menu,0,title}', '"Pakken & kostuums"'),
         '{colors,primary}', '"#22335a"') where full_slug = 'config/theme'`,
    );
    const theme = await story<ThemeContent>('config/theme');
    expect(theme.menu[0].title).toBe('Pakken & kostuums');

    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/`);
    const logo = page.locator('header a.logo img');
    expect(await logo.getAttribute('src')).toBe(theme.logo.image);
    expect(await logo.getAttribute('alt')).toBe(theme.logo.alt);
    expect(await page.locator('header a.logo').getAttribute('href')).toBe(theme.logo.link);
    await expect.poll(() => loaded(page, 'header a.logo img')).toEqual([true]);

    // the phone's tabs and the side menu name the theme's item and lead where it says
    const tabs = page.getByRole('navigation', { name: 'Categorieën' });
    expect(await tabs.getByRole('link', { name: theme.menu[0].title, exact: true }).getAttribute('href')).toBe(
      theme.menu[0].link,
    );
    await page.locator('header').getByRole('button', { name: 'Menu' }).tap();
    const menu = page.locator('#side-menu');
    // a category with subcategories opens its submenu on a phone; its link (the desktop bar's) leads to the item's link
    await menu.getByRole('button', { name: theme.menu[0].title, exact: true }).waitFor();
    expect(await menu.locator('a', { hasText: theme.menu[0].title }).getAttribute('href')).toBe(theme.menu[0].link);

    // the theme's primary colour is the design token the stylesheet paints with
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()))
      .toBe(theme.colors.primary);
    await context.close();
  });

  test("the footer's contact header, social links, award images and payment logos are the footer story's", async () => {
    const footer = await story<FooterContent>('global/footer');
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/`);
    const site = page.locator('footer.site-footer');
    await site.scrollIntoViewIfNeeded();

    // the contact header: its title, description and rich text (as text)
    const header = site.locator('.footer-contact-header');
    expect(await header.getByRole('heading', { level: 2 }).textContent()).toBe(footer.contactHeader.title);
    expect(await header.getByText(footer.contactHeader.description, { exact: true }).isVisible()).toBe(true);
    expect(await header.getByText(plainText(footer.contactHeader.richText), { exact: true }).isVisible()).toBe(true);

    // one link per social account, named and leading as the story says
    const social = site.getByRole('list', { name: 'Volg ons' }).getByRole('link');
    const links = await social.evaluateAll((as) =>
      as.map((a) => ({ name: a.getAttribute('aria-label'), href: a.getAttribute('href') })),
    );
    expect(links).toEqual(footer.socialLinks.map((s) => ({ name: s.title, href: s.link })));
    for (const s of footer.socialLinks) {
      const link = site.getByRole('link', { name: s.title, exact: true });
      expect(await link.locator('svg').count(), s.name).toBe(1);
      expect(await link.isVisible(), s.name).toBe(true);
    }

    // the award images load and carry the story's alternative texts
    const awards = site.getByRole('list', { name: 'Prijzen en keurmerken' });
    await awards.scrollIntoViewIfNeeded();
    expect(await awards.locator('img').evaluateAll((is) => is.map((i) => i.getAttribute('alt')))).toEqual(
      footer.awardImages.map((a) => a.alt),
    );
    await expect.poll(() => loaded(page, '.footer-awards img')).toEqual(footer.awardImages.map(() => true));

    // payment logos are images with a name each, never text chips
    const payments = site.getByRole('list', { name: 'Betaalmethoden' });
    await payments.scrollIntoViewIfNeeded();
    const logos = payments.getByRole('img');
    expect(await logos.count()).toBe(footer.paymentLogos.length);
    const alts = await logos.evaluateAll((is) => is.map((i) => i.getAttribute('alt') ?? ''));
    expect(alts.every((alt) => alt.length > 0)).toBe(true);
    expect(alts).toContain('iDEAL');
    expect((await payments.textContent())?.trim()).toBe('');
    await expect.poll(() => loaded(page, '.payment-logos img')).toEqual(footer.paymentLogos.map(() => true));

    // the header and the footer with their new parts break no WCAG 2.2 A/AA rule
    const found = await wcagViolations(page, 'home, footer in view');
    expect(found, violationReport(found)).toEqual([]);
    await context.close();
  });
});
