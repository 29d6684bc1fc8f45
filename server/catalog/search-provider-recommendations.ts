import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CartPageBody,
  ProductPageBody,
  type RecommendationAlgorithm,
  type RecommendationList,
} from '../../contract/search-provider.ts';
import { RECOMMENDATION_LIMIT } from '../../domain/search-provider/recommendation-tile.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { providerGroups } from './search-provider-products.ts';
import { requireStoreCode, storeCodeQuery, type StoreCode } from './store-context.ts';

/** Listed, enabled parents (or simple products): what a recommendation may show. */
const LISTED = `p.parent_id is null and p.status = 1 and p.visibility in (2, 3, 4)`;
/** Picked twice the limit, so that out-of-stock picks can be dropped and the list still has 8. */
const PICK = RECOMMENDATION_LIMIT * 2;

/**
 * ALTERNATIVES: products of the product's most specific category, nearest in price first — what a shopper compares
 * it with.
 */
async function alternatives(db: Queryable, key: string): Promise<string[]> {
  const { rows } = await db.query<{ sku: string }>(
    `with me as (select id, category_ids, price_cents from products where sku = $1),
          leaf as (select c.id from categories c, me where c.id = any(me.category_ids) order by c.level desc, c.id limit 1)
     select p.sku from products p, me
      where ${LISTED} and p.id <> me.id and p.category_ids && array(select id from leaf)
      order by abs(p.price_cents - me.price_cents), p.id
      limit $2`,
    [key, PICK],
  );
  return rows.map((r) => r.sku);
}

/**
 * STYLE_WITH and ADD_TO_CART_RECS: products of none of the given products' categories (a shirt goes with trousers,
 * a belt), in an order fixed per `seed` so a page shows the same list on every visit.
 */
async function goesWith(db: Queryable, keys: string[], seed: string): Promise<string[]> {
  const { rows } = await db.query<{ sku: string }>(
    `with mine as (select coalesce(parent.id, p.id) as id, coalesce(parent.category_ids, p.category_ids) as category_ids
                     from products p left join products parent on parent.id = p.parent_id
                    where p.sku = any($1::text[])),
          cats as (select distinct unnest(category_ids) as id from mine)
     select p.sku from products p
      where ${LISTED} and not p.id = any(array(select id from mine))
        and not p.category_ids && array(select id from cats)
      order by md5(p.sku || $2), p.id
      limit $3`,
    [keys, seed, PICK],
  );
  return rows.map((r) => r.sku);
}

async function list(
  db: Queryable,
  storeCode: StoreCode,
  now: Date,
  algorithm: RecommendationAlgorithm,
  skus: string[],
): Promise<RecommendationList> {
  const groups = await providerGroups(db, storeCode, now, skus, algorithm);
  const inStock = groups.filter((g) => g.products[0].inStock);
  return { algorithm, productGroups: inStock.slice(0, RECOMMENDATION_LIMIT) };
}

/**
 * The provider's recommendation pages (spec 001 §7 "POST product page by productKey | ALTERNATIVES and STYLE_WITH,
 * limit 8", "POST cart page | cart keys joined by | ; ADD_TO_CART_RECS, limit 8"). The shop is its own provider:
 * the lists come from the catalogue's categories and prices.
 */
const searchProviderRecommendations: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/search-provider/product-page',
    { schema: { body: ProductPageBody, querystring: storeCodeQuery } },
    async (request, reply) => {
      const storeCode = requireStoreCode(request.query.storeCode ?? 'nl');
      const key = request.body.productKey;
      const { rows } = await app.db.query('select 1 from products where sku = $1', [key]);
      if (rows.length === 0) throw notFound(`No product '${key}'`);
      const now = app.now();
      const recommendationLists = [
        await list(app.db, storeCode, now, 'ALTERNATIVES', await alternatives(app.db, key)),
        await list(app.db, storeCode, now, 'STYLE_WITH', await goesWith(app.db, [key], key)),
      ];
      return ok(reply, { recommendationLists });
    },
  );

  app.post(
    '/search-provider/cart-page',
    { schema: { body: CartPageBody, querystring: storeCodeQuery } },
    async (request, reply) => {
      const storeCode = requireStoreCode(request.query.storeCode ?? 'nl');
      const keys = [...new Set(request.body.cart.split('|').filter(Boolean))].slice(0, 100);
      const picks = await goesWith(app.db, keys, keys.join('|'));
      const recommendationLists = [await list(app.db, storeCode, app.now(), 'ADD_TO_CART_RECS', picks)];
      return ok(reply, { recommendationLists });
    },
  );
};
export default searchProviderRecommendations;
