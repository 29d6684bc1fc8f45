import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { productSizeText, type DisplayProduct } from '../../domain/cart/line-display.ts';
import { useShopInChromium, type ShopInChromium } from './browser.ts';

/** A product as the catalogue search returns it, the fields the e2e tests read. */
export interface ProductDoc {
  id: number;
  sku: string;
  name: string;
  slug?: string;
  url_key?: string;
  configurable_children?: { sku: string; size_label?: string; stock?: { is_in_stock: boolean; qty: number } }[];
  size_conversion?: DisplayProduct['size_conversion'];
  configurable_options?: DisplayProduct['configurable_options'];
}

/** A configurable product of the seed with one size in stock, as an e2e test opens and buys it. */
export interface ProductPick {
  id: number;
  sku: string;
  name: string;
  /** The product page without a size chosen. */
  parentUrl: string;
  /** The product page with the size in stock chosen. */
  url: string;
  childSku: string;
  /** The label of that size ("M"). */
  size: string;
  /** That size as the screens after the product page name it in the default system ("UK 40 (EU 50)"). */
  sizeText: string;
}

/**
 * Configurable products with distinct names (so each line on a cart or wishlist page is recognisable) and a size with
 * at least `minQty` in stock, from the seeded catalogue.
 */
export async function configurablePicks(server: TestServer, minQty: number): Promise<ProductPick[]> {
  const names = new Set<string>();
  const picks: ProductPick[] = [];
  for (const p of await configurableProducts(server)) {
    const child = (p.configurable_children ?? []).find((c) => c.stock?.is_in_stock && (c.stock?.qty ?? 0) >= minQty);
    if (!child || names.has(p.name)) continue;
    names.add(p.name);
    const parentUrl = `${server.baseUrl}/p/${p.sku}/${p.slug ?? p.url_key}`;
    picks.push({
      id: p.id,
      sku: p.sku,
      name: p.name,
      parentUrl,
      url: `${parentUrl}/${child.sku}`,
      childSku: child.sku,
      size: child.size_label ?? '',
      sizeText: productSizeText(p, child.size_label ?? ''),
    });
  }
  return picks;
}

/** The configurable products a shopper can see (spec 000 §5 listing: visibility 2, 3, 4 and enabled), as the seed has them. */
export async function configurableProducts(server: TestServer): Promise<ProductDoc[]> {
  const search = await api<{ items: ProductDoc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
    filter: { type_id: 'configurable', visibility: { in: [2, 3, 4] }, status: 1 },
    size: 100,
  });
  return search.body.result.items;
}

export interface ShopWithPicks extends ShopInChromium {
  picks: ProductPick[];
}

/**
 * `useShopInChromium` with the seed's configurable picks (each with `minQty` in stock, see configurablePicks); the
 * file's tests do not start when the seed has fewer than `atLeast` of them.
 */
export function useShopWithPicks(
  options: Parameters<typeof useShopInChromium>[0],
  { minQty, atLeast }: { minQty: number; atLeast: number },
  started: (shop: ShopWithPicks) => unknown,
): void {
  useShopInChromium(options, async (shop) => {
    const picks = await configurablePicks(shop.server, minQty);
    expect(
      picks.length,
      `seed has ${atLeast} configurable products with distinct names in stock`,
    ).toBeGreaterThanOrEqual(atLeast);
    await started({ ...shop, picks });
  });
}

/** The seed's first configurable product on sale: its name and its page's absolute URL. */
export async function firstProductPage(server: TestServer): Promise<{ name: string; url: string }> {
  const { rows } = await server.db.query<{ name: string; url_path: string }>(
    `select name, url_path from products where type_id = 'configurable' and status = 1 and parent_id is null
      order by id limit 1`,
  );
  return { name: rows[0]!.name, url: `${server.baseUrl}/${rows[0]!.url_path}` };
}

/** The first size (by sku) with at least 5 in stock of a product shown on its own page, as addFirstToCart opens it. */
export async function stockedSize(server: TestServer): Promise<{ url: string; name: string }> {
  const { rows } = await server.db.query<{ sku: string; parent: string; slug: string; name: string }>(
    `select c.sku, p.sku as parent, p.slug, p.name from products c join products p on p.id = c.parent_id
       join stock_items s on s.sku = c.sku
      where s.qty >= 5 and p.visibility = 4 and p.status = 1 order by c.sku limit 1`,
  );
  const product = rows[0]!;
  return { url: `${server.baseUrl}/p/${product.parent}/${product.slug}/${product.sku}`, name: product.name };
}

/** A product page by its URL (absolute), its first size as shown, then "In winkelwagen": the cart count says 1. */
export async function addFirstToCart(page: Page, product: { url: string; name: string }): Promise<void> {
  await page.goto(product.url);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.locator('.size-option.is-selected').count()).toBe(1);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect.poll(() => page.getByTestId('cart-count').innerText(), { timeout: 10_000 }).toContain('1');
}
