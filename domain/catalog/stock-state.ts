/** Stock states shown to shoppers (spec 001 §4). */
export type StockState = 'in_stock' | 'limited' | 'well_in_stock' | 'out_of_stock';

/**
 * Thresholds (not given by the spec; chosen for a fashion shop where one size often has a handful of pieces):
 * 1–3 pieces is "limited" (worth hurrying for), 10 or more is "well in stock", in between plain "in stock".
 */
export const LIMITED_STOCK_MAX_QTY = 3;
export const WELL_IN_STOCK_MIN_QTY = 10;

export interface StockInfo {
  is_in_stock?: boolean | null;
  qty?: number | null;
  /** false: the shop does not count this product's pieces (a bundle, a gift card), so its qty says nothing. */
  manage_stock?: boolean | null;
}

/**
 * is_in_stock false, or a known quantity of 0 or less, is out of stock. In stock without a quantity (stock not
 * managed, or not synced) is plain "in stock": we cannot promise more. A product whose stock is not managed is sold
 * whatever its qty (the server's salable check, `server/pricing/stock.ts`), so its qty (0 in the seed) is not read.
 */
export function stockState(stock: StockInfo | null | undefined): StockState {
  if (!stock || stock.is_in_stock === false) return 'out_of_stock';
  const qty = stock.manage_stock === false ? null : stock.qty;
  if (qty === null || qty === undefined || !Number.isFinite(qty))
    return stock.is_in_stock ? 'in_stock' : 'out_of_stock';
  if (qty <= 0) return 'out_of_stock';
  if (qty <= LIMITED_STOCK_MAX_QTY) return 'limited';
  if (qty >= WELL_IN_STOCK_MIN_QTY) return 'well_in_stock';
  return 'in_stock';
}

/** Message keys of the app catalogue for each state. */
export const STOCK_STATE_LABELS: Readonly<Record<StockState, string>> = Object.freeze({
  in_stock: 'In stock',
  limited: 'Limited stock',
  well_in_stock: 'Well in stock',
  out_of_stock: 'Out of stock',
});
