import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { openPage, serviceWorkerInControl, useShopInChromium } from './browser.ts';

/**
 * Spec 001 §9 "Placeholder image /assets/placeholder.jpg": the server answers it with a JPEG, a product without an
 * image shows it on a 412 px phone, and the service worker keeps it, so it shows offline too.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 12, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

test('/assets/placeholder.jpg answers 200 with a JPEG of a tile’s size', async () => {
  const response = await fetch(`${server.baseUrl}/assets/placeholder.jpg`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/jpeg/);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 386, 483]);
});

test('a product without an image shows the placeholder, also offline', async () => {
  const { rows } = await server.db.query<{ sku: string; slug: string; name: string }>(
    `update products set doc = doc - 'image' - 'small_image' - 'thumbnail' - 'media_gallery'
      where id = (select id from products where type_id = 'simple' and parent_id is null and visibility = 4
                    and status = 1 order by id limit 1)
      returning sku, slug, name`,
  );
  const product = rows[0]!;
  const { context, page } = await openPage(browser);
  try {
    await page.goto(`${server.baseUrl}/p/${product.sku}/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
    const image = page.locator('.gallery img').first();
    expect(await image.getAttribute('src')).toBe('/assets/placeholder.jpg');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(386);

    await serviceWorkerInControl(page);
    await context.setOffline(true);
    const offline = await page.evaluate(async () => {
      const response = await fetch('/assets/placeholder.jpg');
      return { status: response.status, type: response.headers.get('content-type') };
    });
    expect(offline.status).toBe(200);
    expect(offline.type).toMatch(/^image\/jpeg/);
  } finally {
    await context.close();
  }
});
