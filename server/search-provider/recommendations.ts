import type { CatalogCache } from '../catalog/catalog-cache.ts';
import { searchProducts } from '../catalog/product-search.ts';
import type { PriceContext } from '../catalog/store-context.ts';
import type { Queryable } from '../db/index.ts';
import { productTile, type ProductTile } from './product-tile.ts';

/** Spec 001 §9 "Recommendation limit 8 per list". */
export const RECOMMENDATION_LIMIT = 8;

/** The document fields a tile is built from (product-tile.ts); the rest of a document is never read. */
export const TILE_FIELDS = [
  'id',
  'sku',
  'name',
  'slug',
  'url_path',
  'brand',
  'color',
  'image',
  'media_gallery',
  'product_labels',
  'tritonx_mm',
  'discount_percentage',
  'price_incl_tax',
  'final_price_incl_tax',
  'stock',
];

/** A product a shopper can be shown on its own: a parent (or simple) product, listed and enabled, in stock. */
const SHOWABLE = `p.parent_id is null and p.visibility in (2, 3, 4) and p.status = 1
  and exists (select 1 from stock_items s where s.product_id = p.id and s.is_in_stock)`;

/** A recommendation list as the provider answers it: its algorithm and the tiles, one product per group. */
export interface RecommendationList {
  id: string;
  algorithm: string;
  productGroups: { key: string; products: ProductTile[] }[];
}

interface Anchor {
  id: number;
  leaf: number;
  top: number;
  colours: string[];
}

/**
 * The products the lists are about (by sku; a configurable child stands for its parent), each with its own
 * category — the least populated of its categories, so "Slim fit pakken" rather than "Sale kleding" — and that
 * category's top-level category.
 */
export async function anchorsOf(db: Queryable, skus: string[]): Promise<Anchor[]> {
  const { rows } = await db.query<Anchor>(
    `select distinct on (p.id) p.id, leaf.id as leaf, coalesce(top.id, leaf.id) as top,
            coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(p.attrs -> 'color') = 'array'
                                                             then p.attrs -> 'color' else '[]' end)), '{}') as colours
       from products s
       join products p on p.id = coalesce(s.parent_id, s.id)
       join lateral (select c.id, c.parent_id, c.level from categories c where c.id = any(p.category_ids) and c.level >= 2
                      order by c.product_count, c.level desc, c.id limit 1) leaf on true
       left join categories top on top.id = leaf.parent_id and top.level = 2
      where s.sku = any($1::text[]) and p.visibility in (2, 3, 4) and p.status = 1
      order by p.id`,
    [skus],
  );
  return rows;
}

/**
 * ALTERNATIVES: products of the same category first, then of its top-level category, nearest in price — what a
 * shopper comparing this product would look at instead.
 */
export async function alternativeIds(db: Queryable, anchor: Anchor, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select p.id from products p, products me
      where me.id = $1 and p.id <> me.id and p.category_ids && array[$2::int, $3::int] and ${SHOWABLE}
      order by ($2::int = any(p.category_ids)) desc, abs(p.price_cents - me.price_cents), p.position, p.id
      limit $4`,
    [anchor.id, anchor.leaf, anchor.top, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * STYLE_WITH and ADD_TO_CART_RECS: what completes the outfit — products of the other top-level categories (one per
 * category in menu order, then a second), those sharing a colour with the anchors first, never an anchor or a
 * product of an anchor's own top-level category.
 */
export async function styleWithIds(db: Queryable, anchors: Anchor[], limit: number): Promise<number[]> {
  const tops = [...new Set(anchors.map((a) => a.top))];
  const { rows } = await db.query<{ id: number }>(
    `select x.id from (
       select pick.id, pick.rank, c.position, c.id as category
         from categories c
         cross join lateral (
           select p.id, row_number() over (order by (p.attrs -> 'color' ?| $3::text[]) desc, p.position, p.id) as rank
             from products p
            where p.category_ids @> array[c.id] and not (p.category_ids && $1::int[]) and p.id <> all($2::int[])
              and ${SHOWABLE}
            order by rank
            limit 2) pick
        where c.level = 2 and c.is_active and c.id <> all($1::int[])) x
      order by x.rank, x.position, x.category`,
    [tops, anchors.map((a) => a.id), [...new Set(anchors.flatMap((a) => a.colours))]],
  );
  // A product in two top-level categories (its own and Sale) is picked in both: keep its first place.
  return [...new Set(rows.map((r) => r.id))].slice(0, limit);
}

/** The tiles of these products, in this order, as one recommendation list. */
export async function recommendationList(
  db: Queryable,
  algorithm: string,
  ids: number[],
  ctx: PriceContext,
  cache: CatalogCache,
): Promise<RecommendationList> {
  const tiles = await tilesOf(db, algorithm, ids, ctx, cache);
  return { id: algorithm, algorithm, productGroups: tiles.map((t) => ({ key: t.key, products: [t] })) };
}

export async function tilesOf(
  db: Queryable,
  list: string,
  ids: number[],
  ctx: PriceContext,
  cache: CatalogCache,
): Promise<ProductTile[]> {
  if (ids.length === 0) return [];
  const { items } = await searchProducts(
    db,
    { filter: { id: { in: ids } }, start: 0, size: ids.length, includeFields: TILE_FIELDS },
    ctx,
    cache,
  );
  const byId = new Map(items.map((d) => [Number(d.id), d]));
  return ids
    .map((id) => byId.get(id))
    .filter((d) => d !== undefined)
    .map((d, i) => productTile(d, list, i + 1, cache));
}
