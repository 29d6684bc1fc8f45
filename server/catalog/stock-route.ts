import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { StoreStock } from '../../contract/store.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { parseSkuList } from './render-list-route.ts';

/** Spec 000 §7 "Stock": check by sku and list by skus; a list is capped so one call stays one indexed query. */
export const STOCK_LIST_MAX_SKUS = 1000;
const MAX_SKU_REQUESTS = 200;

interface StockRow {
  product_id: number;
  sku: string;
  stock_id: number;
  qty: number;
  reserved_qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  min_sale_qty: number;
  max_sale_qty: number;
}

/**
 * The stock info of spec 000 §3 (product_id, qty, manage_stock, is_in_stock) in Magento's stock item shape, plus
 * `salable_qty` (qty minus reservations of placed orders) and `is_salable`.
 */
function stockInfo(row: StockRow) {
  const salable = Math.max(0, row.qty - row.reserved_qty);
  return {
    item_id: row.product_id,
    product_id: row.product_id,
    sku: row.sku,
    stock_id: row.stock_id,
    qty: row.qty,
    salable_qty: salable,
    manage_stock: row.manage_stock,
    is_in_stock: row.is_in_stock,
    is_salable: !row.manage_stock || (row.is_in_stock && salable > 0),
    min_sale_qty: row.min_sale_qty,
    max_sale_qty: row.max_sale_qty,
  };
}

async function stockBySkus(db: Queryable, skus: string[], stockId = 1): Promise<Map<string, StockRow>> {
  const { rows } = await db.query<StockRow>(
    `select product_id, sku, stock_id, qty, reserved_qty, is_in_stock, manage_stock, min_sale_qty, max_sale_qty
       from stock_items where sku = any($1::text[]) and stock_id = $2`,
    [skus, stockId],
  );
  return new Map(rows.map((r) => [r.sku, r]));
}

/** `skuRequests[0][sku]=A&skuRequests[0][qty]=2` (PHP-style brackets, which Fastify's parser leaves flat). */
export function parseSkuRequests(rawUrl: string): Array<{ sku: string; qty: number }> {
  const search = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
  const byIndex = new Map<number, { sku?: string; qty?: string }>();
  for (const [key, value] of search) {
    const m = /^skuRequests\[(\d{1,4})\]\[(sku|qty)\]$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    if (index >= MAX_SKU_REQUESTS)
      throw badRequest(`querystring.skuRequests must have at most ${MAX_SKU_REQUESTS} entries`);
    const entry = byIndex.get(index) ?? {};
    entry[m[2] as 'sku' | 'qty'] = value;
    byIndex.set(index, entry);
  }
  if (byIndex.size === 0) throw badRequest('querystring.skuRequests is required');
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([i, entry]) => {
      if (!entry.sku || entry.sku.length > 100) throw badRequest(`querystring.skuRequests[${i}][sku] is required`);
      const qty = entry.qty === undefined ? 1 : Number(entry.qty);
      if (!Number.isInteger(qty) || qty < 1 || qty > 100_000) {
        throw badRequest(`querystring.skuRequests[${i}][qty] must be a positive integer`);
      }
      return { sku: entry.sku, qty };
    });
}

/** A query of one required parameter: text of 1 to `maxLength` characters (a 400 names it when missing or empty). */
function requiredTextQuery<const Name extends string>(name: Name, maxLength: number) {
  return Type.Object({ [name]: Type.String({ minLength: 1, maxLength }) } as Record<
    Name,
    ReturnType<typeof Type.String>
  >);
}

const salableQuantityQuery = Type.Object({ stockId: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) });

/**
 * Branch stock (spec 000 §3 "branches_stock"; spec 001 §2 "product detail with … store stock"): every store with its
 * pieces of the sku, 0 where it holds none, so the product page can say per store which stock state it is in.
 * Null for an sku the catalogue does not know.
 */
async function storeStock(db: Queryable, sku: string): Promise<StoreStock[] | null> {
  const product = await db.query<{ id: number }>(`select id from products where sku = $1`, [sku]);
  if (!product.rows[0]) return null;
  const { rows } = await db.query<StoreStock>(
    `select s.slug, s.name, s.city, s.country_id, coalesce(b.qty, 0)::int as qty
       from store_locations s
       left join branch_stock b on b.store_location_id = s.id and b.product_id = $1
      order by s.country_id desc, s.city, s.name`,
    [product.rows[0].id],
  );
  return rows;
}

const stockRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/stock/check', { schema: { querystring: requiredTextQuery('sku', 100) } }, async (request, reply) => {
    const row = (await stockBySkus(app.db, [request.query.sku])).get(request.query.sku);
    if (!row) throw notFound(`Unknown sku '${request.query.sku}'`);
    return ok(reply, stockInfo(row));
  });

  app.get('/stock/stores', { schema: { querystring: requiredTextQuery('sku', 100) } }, async (request, reply) => {
    const stores = await storeStock(app.db, request.query.sku);
    if (!stores) throw notFound(`Unknown sku '${request.query.sku}'`);
    return ok(reply, stores);
  });

  app.get('/stock/list', { schema: { querystring: requiredTextQuery('skus', 100_000) } }, async (request, reply) => {
    const skus = parseSkuList(request.query.skus, 'skus', STOCK_LIST_MAX_SKUS);
    const found = await stockBySkus(app.db, skus);
    return ok(
      reply,
      skus.flatMap((sku) => (found.has(sku) ? [stockInfo(found.get(sku)!)] : [])),
    );
  });

  app.get('/stock/salable-quantity', { schema: { querystring: salableQuantityQuery } }, async (request, reply) => {
    const requests = parseSkuRequests(request.url);
    const found = await stockBySkus(
      app.db,
      requests.map((r) => r.sku),
      request.query.stockId ?? 1,
    );
    return ok(
      reply,
      requests.map(({ sku, qty }) => {
        const row = found.get(sku);
        if (!row) return { sku, qty, salable_qty: 0, is_salable: false };
        const info = stockInfo(row);
        return {
          sku,
          qty,
          salable_qty: info.salable_qty,
          is_salable: !row.manage_stock || (row.is_in_stock && info.salable_qty >= qty),
        };
      }),
    );
  });
};
export default stockRoute;
