import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { logInAs, openPage, serviceWorkerInControl } from './browser.ts';
import { useShopWithPicks, type ProductPick } from './product-picks.ts';

/**
 * What the device keeps of the shopper's own (spec 000 §9 storage keys) on a phone: the products viewed, shown as
 * "Recent bekeken" on the product page and the home page, also offline; and the newsletter e-mail, offered again.
 */
let server: TestServer;
let browser: Browser;
let picks: ProductPick[];

useShopWithPicks({ products: 12, staticDir: 'dist' }, { minQty: 1, atLeast: 2 }, (shop) => {
  ({ server, browser, picks } = shop);
});

const recentRow = (page: Page) => page.getByRole('region', { name: 'Recent bekeken' });
const recentNames = (page: Page) => recentRow(page).locator('.tile-name').allTextContents();

async function openProduct(page: Page, pick: ProductPick) {
  await page.goto(pick.parentUrl);
  await page.getByRole('heading', { level: 1, name: pick.name }).waitFor({ timeout: 15_000 });
}

/** Home through the logo: the app's own navigation, so the page's worker (which keeps the list) is not ended while it writes. */
const goHome = (page: Page) =>
  page.locator('header.site-header').getByRole('link', { name: 'OFM Herenmode', exact: true }).click();

describe('recently viewed and the newsletter e-mail on the device (spec 000 §9)', () => {
  test('two products viewed: the second page shows the first, home shows both, and home offline still does', async () => {
    const [a, b] = picks as [ProductPick, ProductPick];
    const { context, page } = await openPage(browser);
    try {
      await page.goto(`${server.baseUrl}/`);
      await serviceWorkerInControl(page);
      // nothing viewed yet: no row
      await page.locator('.home-page').waitFor({ timeout: 15_000 });
      expect(await recentRow(page).count()).toBe(0);

      await openProduct(page, a);
      await goHome(page);
      await expect.poll(() => recentNames(page), { timeout: 20_000 }).toEqual([a.name]);

      await openProduct(page, b);
      // the product on screen is not in its own row
      await recentRow(page).waitFor({ timeout: 20_000 });
      await expect.poll(() => recentNames(page)).toEqual([a.name]);
      await goHome(page);
      await expect.poll(() => recentNames(page), { timeout: 20_000 }).toEqual([b.name, a.name]);

      // offline: the home page again, its row from the device's own list
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => recentNames(page), { timeout: 15_000 }).toEqual([b.name, a.name]);
      // a tile leads to the product, which this device has seen
      await recentRow(page)
        .getByRole('link', { name: new RegExp(a.name) })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: a.name }).waitFor({ timeout: 15_000 });
      await expect.poll(() => recentNames(page), { timeout: 15_000 }).toEqual([b.name]);
    } finally {
      await context.close();
    }
  });

  test('after a newsletter signup the form offers the same e-mail next time', async () => {
    const email = `recent.${randomBytes(4).toString('hex')}@example.nl`;
    const { context, page } = await openPage(browser);
    try {
      await page.goto(`${server.baseUrl}/`);
      await page.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
      const modal = page.getByRole('dialog', { name: 'Nieuwsbrief' });
      expect(await modal.getByLabel('E-mailadres').inputValue()).toBe('');
      await modal.getByLabel('E-mailadres').fill(email);
      await modal.getByRole('button', { name: 'Aanmelden', exact: true }).click();
      await page
        .locator('.notification', { hasText: 'Bedankt! Bevestig je aanmelding met de link in de e-mail' })
        .waitFor({ timeout: 15_000 });
      await modal.waitFor({ state: 'hidden' });
      const { rows } = await server.db.query<{ status: string }>(
        'select status from newsletter_subscriptions where lower(email) = lower($1)',
        [email],
      );
      expect(rows).toEqual([{ status: 'pending' }]);

      // the form shows again: on this page, and after a reload (a new page and worker, from the device's storage)
      await page.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
      await expect.poll(() => modal.getByLabel('E-mailadres').inputValue(), { timeout: 20_000 }).toBe(email);
      await page.reload();
      await page.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
      await expect.poll(() => modal.getByLabel('E-mailadres').inputValue(), { timeout: 20_000 }).toBe(email);
    } finally {
      await context.close();
    }
  });

  test('a member views two products and logs out: the list stays on the device (logout does not clear it)', async () => {
    const [a, b] = picks as [ProductPick, ProductPick];
    const email = `bekeken.${randomBytes(4).toString('hex')}@example.nl`;
    const password = 'Zomer#Jas2026';
    const created = await api(server, 'POST', '/api/ext/shop/user/create', {
      customer: { email, firstname: 'Ruben', lastname: 'Visser' },
      password,
    });
    expect(created.status).toBe(200);
    const { context, page } = await openPage(browser);
    try {
      await logInAs(page, server.baseUrl, email, password);
      await openProduct(page, a);
      await goHome(page);
      await expect.poll(() => recentNames(page), { timeout: 20_000 }).toEqual([a.name]);
      await openProduct(page, b);
      await goHome(page);
      await expect.poll(() => recentNames(page), { timeout: 20_000 }).toEqual([b.name, a.name]);

      await page.goto(`${server.baseUrl}/mijn-account/`);
      await page.locator('.account-nav').getByRole('button', { name: 'Uitloggen' }).click();
      await page.getByText('Je bent uitgelogd').waitFor({ timeout: 15_000 });
      await goHome(page);
      await expect.poll(() => recentNames(page), { timeout: 20_000 }).toEqual([b.name, a.name]);
      // and from the device's storage in a new page and worker
      await page.reload();
      await expect.poll(() => recentNames(page), { timeout: 20_000 }).toEqual([b.name, a.name]);
    } finally {
      await context.close();
    }
  });
});
