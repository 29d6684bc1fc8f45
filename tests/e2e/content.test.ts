import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatDate } from '../../domain/datetime.ts';
import { editorToken } from '../../server/content/preview-tokens.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';

/**
 * Content on a phone (spec 001 §1–§3, §7): the blog overview with its search, an article and an event page, the
 * review score in the footer, and the editor's draft preview following saves live (§2 "Draft preview").
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 4, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- story content is read loosely
type Content = Record<string, any>;

async function story(fullSlug: string): Promise<{ id: number; published: Content; event_date: Date | null }> {
  const { rows } = await server.db.query<{ id: number; published: Content; event_date: Date | null }>(
    'select id, published, event_date from cms_stories where full_slug = $1',
    [fullSlug],
  );
  return rows[0];
}

async function withPhone(run: (p: Page) => Promise<void>): Promise<void> {
  const { context, page } = await openPage(browser);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** The editor's signed link to a story, as the visual editor opens the shop (spec 001 §2). */
function editorLink(path: string, storyId: number): string {
  const ts = String(Math.floor(Date.now() / 1000));
  const token = editorToken('4711', ts);
  return `${server.baseUrl}${path}?_storyblok=${storyId}&_storyblok_tk[space_id]=4711&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${token}`;
}

describe('blog (spec 001 §3 "Articles state", §7)', () => {
  test('overview → a search suggestion → the article with author, date and image', async () => {
    const article = await story('blog/zo-kies-je-het-juiste-overhemd');
    await withPhone(async (p) => {
      await p.goto(`${server.baseUrl}/blog/`);
      await p.getByRole('heading', { name: 'Blog', level: 1 }).waitFor();
      // upcoming events leave out the ones that have passed
      const upcoming = p.locator('section.blog-list', { has: p.getByRole('heading', { name: 'Komende evenementen' }) });
      await upcoming.getByRole('link', { name: /Whisky & tweed in Utrecht/ }).waitFor();
      expect(await upcoming.getByText('Zomerborrel in Rotterdam').count()).toBe(0);
      const articles = p.locator('section.blog-list', { has: p.getByRole('heading', { name: 'Artikelen' }) });
      expect(await articles.locator('.story-card').count()).toBe(6);
      expect(await articles.getByText('Evenement', { exact: true }).count()).toBe(0);
      // the next page of 6 (spec 001 §9): the seed's other two articles, then no more to load
      await articles.getByRole('button', { name: 'Meer laden' }).click();
      await expect.poll(() => articles.locator('.story-card').count()).toBe(8);
      expect(await articles.getByRole('button', { name: 'Meer laden' }).count()).toBe(0);

      // a broad query: at most three suggestions (spec 001 §9)
      const search = p.getByLabel('Zoek in de blog');
      await search.fill('in');
      const suggestions = p.getByRole('list', { name: 'Suggesties' });
      await suggestions.waitFor();
      expect(await suggestions.getByRole('link').count()).toBe(3);

      await search.fill('overhemd');
      const suggestion = suggestions.getByRole('link', { name: 'Zo kies je het juiste overhemd' });
      await suggestion.waitFor();
      await suggestion.click();
      await p.waitForURL(/\/blog\/zo-kies-je-het-juiste-overhemd$/);
      await p.getByRole('heading', { name: 'Zo kies je het juiste overhemd', level: 1 }).waitFor();
      const [y, m, d] = (article.published.date as string).split('-');
      await p.getByText(`Door ${article.published.author} · ${Number(d)}-${Number(m)}-${y}`).waitFor();
      const image = p.locator('.story-header img');
      expect(await image.getAttribute('src')).toBe(article.published.image);
    });
  });

  test('an event page shows when and where it takes place', async () => {
    const event = await story('blog/evenementen/stijlavond-amsterdam');
    await withPhone(async (p) => {
      await p.goto(`${server.baseUrl}/blog/`);
      const upcoming = p.locator('section.blog-list', { has: p.getByRole('heading', { name: 'Komende evenementen' }) });
      // the next events, soonest first (issue 23: the upcoming list in date order)
      const { rows: next } = await server.db.query<{ full_slug: string }>(
        `select full_slug from cms_stories where kind = 'event' and published is not null and event_date >= now()
          and full_slug like 'blog/%' order by event_date limit 3`,
      );
      expect(next.length).toBeGreaterThanOrEqual(2);
      const shownOrder = async () =>
        [
          ...new Set(
            await upcoming
              .locator('a[href*="/blog/evenementen/"]')
              .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.slice(1))),
          ),
        ].map((path) => path.replace(/\/$/, ''));
      await expect.poll(shownOrder, { timeout: 10_000 }).toEqual(next.map((r) => r.full_slug));
      await upcoming.getByRole('link', { name: /Stijlavond in Amsterdam/ }).click();
      await p.waitForURL(/\/blog\/evenementen\/stijlavond-amsterdam$/);
      await p.getByRole('heading', { name: 'Stijlavond in Amsterdam', level: 1 }).waitFor();
      const meta = p.locator('.story-header .event-meta');
      expect(await meta.locator('dd').first().textContent()).toBe(formatDate(event.event_date!));
      expect(await meta.locator('dd').nth(1).textContent()).toBe('OFM Amsterdam, Kalverstraat 112, Amsterdam');
      expect(event.published.location).toBe('OFM Amsterdam, Kalverstraat 112, Amsterdam');
      // the page never scrolls sideways on a phone
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });

  test('the footer shows the review score with its links', async () => {
    await withPhone(async (p) => {
      await p.goto(`${server.baseUrl}/klantenservice`);
      const widget = p.getByRole('region', { name: 'Beoordelingen' });
      await widget.getByText('12.480 beoordelingen', { exact: false }).waitFor();
      expect(await widget.getByText('8,9', { exact: true }).count()).toBe(1);
      expect(await widget.getByText('97% beveelt ons aan').count()).toBe(1);
      // 8,9 out of 10 → four and a half stars (spec 001 §9)
      expect(await widget.locator('.star-full').count()).toBe(4);
      expect(await widget.locator('.star-half').count()).toBe(1);
      // the stars are the shared rating stars, which a screen reader hears as the score, not as five characters
      expect(await widget.getByRole('img', { name: /krijgt een 8,9 van 10$/ }).count()).toBe(1);
      const review = await story('global/review-score');
      expect(await widget.getByRole('link', { name: 'Schrijf een beoordeling' }).getAttribute('href')).toBe(
        review.published.createReviewUrl,
      );
    });
  });
});

describe('content pages (spec 001 §2 "render the first two blocks at once and the rest lazily when idle")', () => {
  test('home shows its first two blocks at once; the rest wait for the idle callback, which has a timeout', async () => {
    const { context, page: p } = await openPage(browser);
    try {
      // hold the browser's idle callbacks, so the page's wait is seen before the rest appears
      await context.addInitScript(() => {
        const held: { run: () => void; timeout?: number }[] = [];
        Object.assign(window, { heldIdleCallbacks: held });
        window.requestIdleCallback = (run, options) =>
          held.push({ run: () => run({} as IdleDeadline), timeout: options?.timeout });
      });
      await p.goto(`${server.baseUrl}/`);
      await p.locator('.cms-hero').waitFor();
      await p.locator('.cms-tiles').waitFor();
      expect(await p.locator('.cms-products, .cms-text').count()).toBe(0);
      // the page asks for its idle callback once the app has its story, which can come after the hydration `goto` waits for
      await expect
        .poll(() =>
          p.evaluate(() =>
            (window as unknown as { heldIdleCallbacks: { timeout?: number }[] }).heldIdleCallbacks.map(
              (c) => c.timeout,
            ),
          ),
        )
        .toContain(1500);
      expect(await p.locator('.cms-products, .cms-text').count()).toBe(0);

      await p.evaluate(() => {
        for (const c of (window as unknown as { heldIdleCallbacks: { run: () => void }[] }).heldIdleCallbacks) c.run();
      });
      await p.getByRole('heading', { name: 'Nieuw binnen' }).waitFor();
      await p.getByText('OFM is al meer dan 35 jaar', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('draft preview (spec 001 §2)', () => {
  test('the editor link shows the draft; a save updates it live; a publication reloads the page', async () => {
    const page = await story('over-ons');
    const ts = String(Math.floor(Date.now() / 1000));
    const { body } = await api<{ previewToken: string }>(
      server,
      'GET',
      `/api/cms/validate-editor?_storyblok=${page.id}&_storyblok_tk[space_id]=4711&_storyblok_tk[timestamp]=${ts}&_storyblok_tk[token]=${editorToken('4711', ts)}`,
    );
    const save = (html: string, publish = false) =>
      fetch(`${server.baseUrl}/api/cms/editor/stories/${page.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-preview-token': body.result.previewToken },
        body: JSON.stringify({
          publish,
          content: {
            component: 'page',
            body: [
              { component: 'hero', title: 'Over ons', subtitle: 'Sinds 1987' },
              { component: 'rich_text', html },
            ],
          },
        }),
      });

    await withPhone(async (p) => {
      await p.goto(editorLink('/storyblok', page.id));
      // the seeded draft, not the published page
      await p.getByText('Nieuw: maak een afspraak voor persoonlijk stijladvies', { exact: false }).waitFor();
      await p.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      expect((await save('<p>Vanaf maart ook open op zondag.</p>')).status).toBe(200);
      await p.getByText('Vanaf maart ook open op zondag.').waitFor({ timeout: 10_000 });
      expect(await p.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      const reloaded = p.waitForEvent('load', { timeout: 15_000 });
      expect((await save('<p>Elke zondag open van 12:00 tot 17:00.</p>', true)).status).toBe(200);
      await reloaded;
      await p.getByText('Elke zondag open van 12:00 tot 17:00.').waitFor();
      expect(await p.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    });
    const published = await story('over-ons');
    expect(JSON.stringify(published.published)).toContain('Elke zondag open van 12:00 tot 17:00.');
  });

  test('/storyblok-empty renders the draft without header and footer; a bad link says so', async () => {
    const page = await story('nieuwe-collectie-preview');
    await withPhone(async (p) => {
      await p.goto(editorLink('/storyblok-empty', page.id));
      await p.getByRole('heading', { name: 'Nieuwe collectie (preview)' }).waitFor();
      expect(await p.locator('.site-header, .site-footer').count()).toBe(0);

      await p.goto(
        `${server.baseUrl}/storyblok?_storyblok=${page.id}&_storyblok_tk[space_id]=4711&_storyblok_tk[timestamp]=${Math.floor(Date.now() / 1000)}&_storyblok_tk[token]=${'0'.repeat(40)}`,
      );
      await p.getByRole('alert').getByText('De link van de editor is ongeldig of verlopen', { exact: false }).waitFor();
      expect(await p.getByText('Nieuwe collectie (preview)').count()).toBe(0);
    });
  });
});
