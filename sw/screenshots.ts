/**
 * Renders the manifest's screenshots (public/screenshots/, shown in the browser's install dialog) from the real app:
 * the built dist/ on a freshly seeded server, in Debian's Chromium at a phone's size. Run after `npm run build` when
 * the look of home or a category changes: `npm run screenshots`. The PNGs are committed because rendering them needs
 * a seeded server and a browser, which a build should not.
 */
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { samplePages, startSeededServer } from '../server/seeded-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

/** The manifest's `sizes` of each screenshot: a common Android phone in CSS pixels. */
const PHONE = { width: 412, height: 915 };
const OUT = resolve(import.meta.dirname, '../public/screenshots');

const server = await startSeededServer(60);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  // Without the service worker, which a screenshot does not need; its toast is hidden below with the others.
  const page = await browser.newPage({
    viewport: PHONE,
    deviceScaleFactor: 1,
    locale: 'nl-NL',
    isMobile: true,
    serviceWorkers: 'block',
  });
  const { category } = await samplePages(server.db);
  for (const [name, path] of [
    ['home', '/'],
    ['category', category],
  ] as const) {
    await page.goto(server.url + path);
    await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
    // Every image on screen decoded, so the screenshot shows the shop rather than placeholders.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() =>
      [...document.images]
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .every((img) => img.complete),
    );
    // A toast ("offline mode", a registration error) is no part of what the page shows.
    await page.addStyleTag({ content: '.notifications { display: none !important; }' });
    const png = await page.screenshot({ type: 'png' });
    // A palette PNG keeps each file near 100 KB instead of 500.
    await sharp(png)
      .png({ palette: true, quality: 90, compressionLevel: 9 })
      .toFile(join(OUT, `${name}.png`));
    console.log(`public/screenshots/${name}.png`);
  }
} finally {
  await browser.close();
  await server.close();
}
