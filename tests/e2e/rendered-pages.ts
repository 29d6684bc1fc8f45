import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { PAGE_SIZE } from '../../domain/catalog/listing-query.ts';
import { productPrices } from '../../domain/catalog/product-prices.ts';
import { formatPrice, toCents } from '../../domain/money.ts';
import { api, type TestServer } from '../support/test-server.ts';
import { useShopInChromium } from './browser.ts';
import { configurablePicks, type ProductPick } from './product-picks.ts';

/**
 * What the server-rendered pages' tests (server-rendered*.test.ts, docs/server-rendering.md) open: a product, a
 * category with its first listing page, a store, a search word and a search-provider landing page, read from the seed.
 */
export interface Doc {
  sku: string;
  name: string;
  meta_title?: string;
  url_path: string;
  price_incl_tax?: number;
  original_price_incl_tax?: number;
  special_price_incl_tax?: number;
  final_price_incl_tax?: number;
}

export let server: TestServer;
export let browser: Browser;
export let pick: ProductPick;
/** Another product, for the tap made before the app started. */
export let earlyPick: ProductPick;
/** A third, for the add through the worker the app starter started. */
export let workerPick: ProductPick;
/** A fourth, for the add once the shared chunks have run before the entry. */
export let chunksPick: ProductPick;
export let product: Doc;
export let category: { id: number; name: string; url_path: string; url_key: string };
export let listed: Doc[];
export let store: { slug: string; name: string };
/** A search-provider landing page over the category (the dispatcher's fallback step 2) and its products. */
export const LANDING = { path: '/acties/zomer-sale/', heading: 'Zomer sale' };
export let landingNames: string[];
/** A word of the product's name: the search page finds it. */
export let searchTerm: string;

export const shownPrice = (doc: Doc) => {
  const { price, special } = productPrices(doc);
  return formatPrice(toCents(special ?? price!));
};

/** The shop in Chromium with the pages these tests open, found in its seed; call once at a test file's top level. */
export function useRenderedPages(): void {
  useShopInChromium({ products: 40, staticDir: 'dist' }, async (shop) => {
    ({ server, browser } = shop);
    [pick, earlyPick, workerPick, chunksPick] = await configurablePicks(server, 1);
    expect(chunksPick, 'the seed has four configurable products in stock').toBeDefined();
    const found = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
      filter: { sku: pick.sku },
      size: 1,
    });
    product = found.body.result.items[0];
    const cats = await api<{ items: (typeof category)[] }>(server, 'POST', '/api/catalog/nl/category/_search', {
      filter: { level: 3 },
      size: 50,
    });
    // A category with products, and the first page of its listing as the category page lists it (position order).
    for (const c of cats.body.result.items) {
      const list = await api<{ items: Doc[] }>(server, 'POST', '/api/catalog/nl/product/_search', {
        filter: { category_ids: { in: [c.id] }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } },
        sort: 'position:asc',
        size: PAGE_SIZE,
      });
      if (list.body.result.items.length >= 2) {
        category = c;
        listed = list.body.result.items;
        break;
      }
    }
    expect(category, 'the seed has a category with products').toBeTruthy();
    store = (await api<(typeof store)[]>(server, 'GET', '/api/stores')).body.result[0];
    searchTerm = product.name.split(' ').find((word) => word.length >= 4)!;
    await server.db.query(
      `insert into landing_pages (url_path, page_heading, query, content, published) values ($1, $2, $3, '[]', true)`,
      ['acties/zomer-sale', LANDING.heading, JSON.stringify({ category_ids: [category.id] })],
    );
    const landing = await api<{ primaryList: { productGroups: { products: Doc[] }[] } }>(
      server,
      'GET',
      '/api/search-provider/landing-page?url_path=acties/zomer-sale',
    );
    landingNames = landing.body.result.primaryList.productGroups.map((g) => g.products[0].name);
  });
}
