import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/envelope.ts';
import { CART_MESSAGES } from './messages.ts';

export interface StockLimit {
  /** qty - reserved_qty (0 when out of stock); null when the product's stock is not managed. */
  salable: number | null;
  maxSaleQty: number;
}

export async function loadStockLimit(db: Queryable, productId: number): Promise<StockLimit> {
  const { rows } = await db.query<{
    qty: number;
    reserved_qty: number;
    is_in_stock: boolean;
    manage_stock: boolean;
    max_sale_qty: number;
  }>('select qty, reserved_qty, is_in_stock, manage_stock, max_sale_qty from stock_items where product_id = $1', [
    productId,
  ]);
  const row = rows[0];
  // No stock row: a product whose stock is not tracked (virtual items, gift cards).
  if (!row) return { salable: null, maxSaleQty: Number.MAX_SAFE_INTEGER };
  if (!row.manage_stock) return { salable: null, maxSaleQty: row.max_sale_qty };
  const salable = row.is_in_stock ? Math.max(0, row.qty - row.reserved_qty) : 0;
  return { salable, maxSaleQty: row.max_sale_qty };
}

/**
 * Refuses a quantity the shop cannot sell, with `meta.maxQuantity` = what could be sold. When stock is the binding
 * limit the answer is the spec's quantity-unavailable text (spec 000 §8, the client's add-to-cart-failed trigger);
 * when the per-order maximum is, it is "Only {maxQuantity} products of this type are available." (spec 001 §8).
 */
export function assertQuantityAvailable(qty: number, limit: StockLimit): void {
  const salable = limit.salable ?? Number.MAX_SAFE_INTEGER;
  const maxQuantity = Math.min(salable, limit.maxSaleQty);
  if (qty <= maxQuantity) return;
  if (salable <= limit.maxSaleQty) throw new HttpError(400, CART_MESSAGES.qtyUnavailable, { maxQuantity });
  throw new HttpError(400, CART_MESSAGES.onlyMaxQuantity(maxQuantity), { maxQuantity });
}
