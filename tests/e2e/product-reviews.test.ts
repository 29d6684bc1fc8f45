import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REVIEWS_PAGE_DEFAULT, type ProductReviews, type TexTracer } from '../../contract/product-reviews.ts';
import { formatDutchNumber } from '../../domain/dutch-number.ts';
import { nl } from '../../src/lib/i18n/nl.ts';
import { JOURNEY_STEP_LABELS } from '../../src/features/product/journey-steps.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { openPage, useShopInChromium } from './browser.ts';
import { violationReport, wcagViolations } from './wcag.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * The product page's reviews and product journey on a phone (spec 001 §1 "product reviews and a product-journey
 * view", §2 the "review" and "tex tracer" modals): the rating line says what the server holds, the review modal reads
 * the seeded reviews (and again offline, as seen online), the tex tracer names each step's place.
 */
let server: TestServer;
let browser: Browser;

useShopInChromium({ products: 40, staticDir: 'dist' }, (shop) => ({ server, browser } = shop));

/** A product a shopper opens whose reviews the server has, with the server's own answers. */
async function reviewedProduct(): Promise<{ pick: ProductPick; reviews: ProductReviews; tracer: TexTracer }> {
  for (const pick of await configurablePicks(server, 1)) {
    const reviews = (await api<ProductReviews>(server, 'GET', `/api/catalog/products/${pick.sku}/reviews`)).body.result;
    if (reviews.count < 2) continue;
    const tracer = (await api<TexTracer>(server, 'GET', `/api/catalog/products/${pick.sku}/tex-tracer`)).body.result;
    return { pick, reviews, tracer };
  }
  throw new Error('the seed has no configurable product with two reviews');
}

/** A product whose seeded reviews fill more than one page of the review modal, with the server's first page. */
async function productWithReviewPages(): Promise<{ pick: ProductPick; reviews: ProductReviews }> {
  for (const pick of await configurablePicks(server, 1)) {
    const reviews = (await api<ProductReviews>(server, 'GET', `/api/catalog/products/${pick.sku}/reviews`)).body.result;
    if (reviews.count > REVIEWS_PAGE_DEFAULT) return { pick, reviews };
  }
  throw new Error(`the seed has no configurable product with more than ${REVIEWS_PAGE_DEFAULT} reviews`);
}

async function openProduct(page: Page, pick: ProductPick) {
  await page.goto(pick.parentUrl);
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('product reviews and the tex tracer on a phone', () => {
  test('the rating line shows the average and count; the review modal reads the seeded reviews, also offline', async () => {
    const { pick, reviews } = await reviewedProduct();
    const average = formatDutchNumber(reviews.average_rating!, 1, 1);
    const { context, page } = await openPage(browser);
    await openProduct(page, pick);

    const rating = page.locator('.product-rating');
    await rating.getByRole('img', { name: `Gemiddeld ${average} van 5 sterren` }).waitFor({ timeout: 15_000 });
    expect((await rating.textContent())?.replace(/★/g, '')).toContain(`${average} ${reviews.count} beoordelingen`);

    await rating.getByRole('button', { name: `${reviews.count} beoordelingen` }).tap();
    const dialog = page.getByRole('dialog', { name: `Beoordelingen van ${pick.name}` });
    await dialog.waitFor({ timeout: 10_000 });
    const first = reviews.items[0]!;
    const firstItem = dialog.locator('.review').first();
    await firstItem.waitFor({ timeout: 10_000 });
    expect(await firstItem.locator('.review-text').textContent()).toBe(first.text);
    expect(await firstItem.locator('.review-title').textContent()).toBe(first.title);
    await firstItem.getByRole('img', { name: `${first.rating} van 5 sterren` }).waitFor();
    expect(await firstItem.locator('.review-by').textContent()).toContain(first.author);
    expect(await dialog.locator('.review').count()).toBe(Math.min(reviews.count, 10));
    const review = await wcagViolations(page, 'review modal open');
    expect(review, violationReport(review)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);
    await dialog.getByRole('button', { name: 'Sluiten' }).tap();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Offline the reviews seen online open again from the device, saying so.
    await context.setOffline(true);
    await rating.getByRole('button', { name: `${reviews.count} beoordelingen` }).tap();
    await dialog.getByText(nl['Saved on this device on your last visit (offline)']).waitFor({ timeout: 10_000 });
    expect(await dialog.locator('.review-text').first().textContent()).toBe(first.text);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  test('“Waar is dit gemaakt?” opens the tex tracer with each step, its place and maker', async () => {
    const { pick, tracer } = await reviewedProduct();
    expect(tracer.steps.length).toBeGreaterThanOrEqual(3);
    const { context, page } = await openPage(browser);
    await openProduct(page, pick);

    await page.getByRole('button', { name: 'Waar is dit gemaakt?' }).tap();
    const dialog = page.getByRole('dialog', { name: `Waar ${pick.name} is gemaakt` });
    await dialog.waitFor({ timeout: 10_000 });
    const steps = dialog.locator('.tex-tracer-step');
    await expect.poll(() => steps.count(), { timeout: 10_000 }).toBe(tracer.steps.length);
    expect(await steps.locator('h3').allTextContents()).toEqual(
      tracer.steps.map((s) => nl[JOURNEY_STEP_LABELS[s.step]]),
    );
    const firstStep = tracer.steps[0]!;
    expect(await steps.first().locator('.tex-tracer-country').textContent()).toBe(firstStep.country);
    expect(await steps.first().textContent()).toContain(`${firstStep.city}, ${firstStep.country}`);
    expect(await steps.first().textContent()).toContain(firstStep.company);
    const tracerFound = await wcagViolations(page, 'tex tracer open');
    expect(tracerFound, violationReport(tracerFound)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);
    await dialog.getByRole('button', { name: 'Sluiten' }).tap();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  test("“Meer beoordelingen” shows the next page: the server's reviews from offset 10 under the first ten", async () => {
    const { pick, reviews } = await productWithReviewPages();
    const next = (
      await api<ProductReviews>(
        server,
        'GET',
        `/api/catalog/products/${pick.sku}/reviews?offset=${REVIEWS_PAGE_DEFAULT}`,
      )
    ).body.result;
    expect(next.items.length).toBeGreaterThan(0);
    const { context, page } = await openPage(browser);
    await openProduct(page, pick);
    await page
      .locator('.product-rating')
      .getByRole('button', { name: `${reviews.count} beoordelingen` })
      .tap({ timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: `Beoordelingen van ${pick.name}` });
    const items = dialog.locator('.review');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(REVIEWS_PAGE_DEFAULT);
    expect(await dialog.locator('.review-text').allTextContents()).toEqual(reviews.items.map((r) => r.text));

    await dialog.getByRole('button', { name: 'Meer beoordelingen' }).tap();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(REVIEWS_PAGE_DEFAULT + next.items.length);
    const texts = await dialog.locator('.review-text').allTextContents();
    expect(texts.slice(REVIEWS_PAGE_DEFAULT)).toEqual(next.items.map((r) => r.text));
    expect(texts.slice(0, REVIEWS_PAGE_DEFAULT)).toEqual(reviews.items.map((r) => r.text));
    // the button stays only while the server has more
    expect(await dialog.getByRole('button', { name: 'Meer beoordelingen' }).count()).toBe(
      reviews.count > REVIEWS_PAGE_DEFAULT + next.items.length ? 1 : 0,
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(412);
    await context.close();
  });
});
