import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { themeOf } from '../../../domain/content/theme.ts';
import { paymentLogosOf } from '../../../src/features/shell/footer-content.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { api, type TestServer } from '../../support/test-server.ts';

/**
 * The seeded theme config (spec 001 §7) and footer story (spec 001 §3 "Footer content") as the server answers and
 * renders them (needs `npm run build` for the rendered page): every image they name is a file the app serves, and a
 * server-rendered page's header is the theme's.
 */
let server: TestServer;

useTestServer({ products: 4, staticDir: 'dist' }, (s) => {
  server = s;
});

const PUBLIC = resolve(import.meta.dirname, '../../../public');
const served = (path: string) => existsSync(resolve(PUBLIC, `.${path}`));

async function content(slug: string): Promise<Record<string, unknown>> {
  const res = await api<{ story: { content: Record<string, unknown> } }>(server, 'GET', `/api/cms/story/${slug}`);
  expect(res.status).toBe(200);
  return res.body.result.story.content;
}

describe('theme config and footer story', () => {
  test("the theme names its logo, a menu of the shop's categories and hex colours", async () => {
    const theme = themeOf(await content('config/theme'));
    expect(served(theme.logo.src), theme.logo.src).toBe(true);
    expect(theme.menu.length).toBeGreaterThan(0);
    for (const item of theme.menu) {
      expect(item.categoryId, item.title).toBeGreaterThan(0);
      const found = await api<{ items: unknown[] }>(server, 'POST', '/api/catalog/nl/category/_search', {
        filter: { url_path: item.link.slice(1) },
        size: 1,
      });
      expect(found.body.result.items, item.link).toHaveLength(1);
    }
    expect(Object.keys(theme.colors).sort()).toEqual(['background', 'primary', 'sale', 'secondary']);
  });

  test("the footer's award images, payment logos and social links: files the app serves, web links with names", async () => {
    const footer = await content('global/footer');
    const awards = footer.awardImages as { src: string; alt: string }[];
    expect(awards.length).toBeGreaterThan(0);
    for (const a of awards) {
      expect(served(a.src), a.src).toBe(true);
      expect(a.alt).not.toBe('');
    }
    const logos = paymentLogosOf(footer);
    expect(logos).toHaveLength((footer.paymentLogos as string[]).length);
    for (const logo of logos) expect(served(logo.src), logo.src).toBe(true);
    for (const s of footer.socialLinks as { name: string; title: string; link: string }[]) {
      expect(s.link).toMatch(/^https:\/\//);
      expect(s.title).not.toBe('');
    }
    const header = footer.contactHeader as Record<string, string>;
    expect(Object.keys(header).sort()).toEqual(['description', 'richText', 'title']);
  });

  test("a server-rendered page's header shows the theme's logo, and follows an editor's change", async () => {
    const html = async () =>
      (await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;
    const before = await html();
    expect(before).toMatch(
      /<a class="logo[^"]*" href="\/"[^>]*><img src="\/assets\/logo-header.svg" alt="OFM Herenmode"/,
    );
    // the logo never competes with the page's main image for the first bytes (no preload of its own)
    expect(before).not.toContain('rel="preload" as="image" href="/assets/logo-header.svg"');
    await server.db.query(
      `update cms_stories set published = jsonb_set(published, '{logo,alt}', '"OFM Winter"') where full_slug = 'config/theme'`,
    );
    expect(await html()).toContain('alt="OFM Winter"');
  });
});
