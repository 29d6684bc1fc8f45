import type { Database } from '../db/index.ts';
import { buildAttributes, insertAttributes } from './attributes.ts';
import { buildCategories, insertCategories, updateProductCounts } from './categories.ts';
import { seedCommerce } from './commerce.ts';
import { seedGiftCards } from './gift-cards.ts';
import { seedContent } from './content.ts';
import { seedDemoCustomer } from './customers.ts';
import { seedDemoHistory } from './history.ts';
import { missingImages, renderImages } from './images.ts';
import { insertCatalogue } from './product-rows.ts';
import { generateCatalogue } from './products.ts';
import { seedReference } from './reference.ts';
import { seedReviews } from './reviews.ts';
import { seedPostcodes } from './postcodes.ts';
import { seedStores } from './stores.ts';

export { DEMO_CUSTOMER } from './demo-customer.ts';
export { COUPON_CODES } from './commerce.ts';

export interface SeedOptions {
  /** Parent products (configurable colour variants, simple, grouped, bundle); children come on top. */
  products: number;
  /** Where product images are written (`{imageDir}/{width}/{file}.webp`); no images without it. */
  imageDir?: string;
  log?: (message: string) => void;
  /** The seed's clock (special price windows, order dates); defaults to now. Same day + same N → same data. */
  now?: Date;
}

export interface SeedSummary {
  products: number;
  rows: Record<string, number>;
  images: number;
  ms: number;
}

/** Fills an empty, migrated database with the generated shop. Everything but images runs in one transaction. */
export async function seed(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const categories = buildCategories();
  const attributes = buildAttributes();
  const catalogue = generateCatalogue(categories, attributes, { products: options.products, now });
  log(
    `seed: ${options.products} parent products, ${catalogue.products.length} product rows generated in ${Date.now() - started} ms`,
  );

  let lastLogged = 0;
  await db.transaction(async (tx) => {
    await seedReference(tx);
    await insertCategories(tx, categories);
    await insertAttributes(tx, attributes);
    await insertCatalogue(tx, catalogue, categories, (done, total) => {
      if (done - lastLogged >= 5000 || done === total) {
        lastLogged = done;
        log(`seed: products ${done}/${total}`);
      }
    });
    await updateProductCounts(tx);
    const storeIds = await seedStores(tx, catalogue.products);
    const customerId = await seedDemoCustomer(tx, now);
    await seedCommerce(tx, categories, customerId, now);
    await seedGiftCards(tx);
    await seedPostcodes(tx);
    await seedContent(tx, catalogue.products, categories, now);
    await seedReviews(tx, now);
    await seedDemoHistory(tx, customerId, catalogue.products, storeIds, now);
  });

  let images = 0;
  if (options.imageDir) {
    images = await renderImages(options.imageDir, [...catalogue.images.values()]);
    log(`seed: ${images} images written to ${options.imageDir}`);
  }

  const rows: Record<string, number> = {};
  const tables = [
    'products',
    'categories',
    'attribute_options',
    'url_rewrites',
    'stock_items',
    'product_links',
    'product_tier_prices',
    'store_locations',
    'branch_stock',
    'cms_stories',
    'coupons',
    'orders',
    'loyalty_ledger',
    'parcel_shops',
    'postcode_addresses',
    'product_reviews',
  ];
  for (const table of tables) {
    const r = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    rows[table] = r.rows[0].n;
  }
  const summary = { products: options.products, rows, images, ms: Date.now() - started };
  log(
    `seed: done in ${summary.ms} ms (${Object.entries(rows)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
  return summary;
}

/**
 * Seeds only when the catalogue is empty (first `npm start`). A seeded catalogue whose images are not all on disk —
 * the first start was killed while writing them, after the catalogue committed — gets the missing ones now, so
 * every start finishes what an interrupted one left.
 */
export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<SeedSummary | null> {
  const log = options.log ?? (() => {});
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from products');
  if (rows[0].n === 0) {
    log(`seed: database is empty, seeding ${options.products} products…`);
    return seed(db, options);
  }
  // a database seeded before the postcode table (migration 090) gets its postcodes now
  const postcodes = await db.query<{ n: number }>('select count(*)::int as n from postcode_addresses');
  if (postcodes.rows[0].n === 0) {
    const added = await db.transaction((tx) => seedPostcodes(tx));
    log(`seed: ${added} postcodes added (the database was seeded before the postcode lookup)`);
  }
  // a database seeded before the reviews table (migration 100) gets its reviews and product journeys now
  const reviews = await db.query<{ n: number }>('select count(*)::int as n from product_journey_steps');
  if (reviews.rows[0].n === 0) {
    const added = await db.transaction((tx) => seedReviews(tx, options.now ?? new Date()));
    log(`seed: ${added.reviews} reviews and ${added.steps} journey steps added (seeded before the reviews)`);
  }
  if (options.imageDir) {
    const missing = await missingImages(db, options.imageDir);
    if (missing.length > 0) {
      const written = await renderImages(options.imageDir, missing);
      log(`seed: ${written} missing images written to ${options.imageDir} (an earlier seed did not finish them)`);
    }
  }
  return null;
}
