import type { Product } from '../../../worker/api-types.ts';

type ProductStock = NonNullable<Product['stock']>;

/** Spec 001 §4 stock states. Thresholds are not in the spec: ≤ 3 pieces reads "limited", ≥ 20 "well in stock". */
export type StockState = 'out_of_stock' | 'limited' | 'in_stock' | 'well_in_stock';
export const LIMITED_STOCK_MAX = 3;
export const WELL_IN_STOCK_MIN = 20;

export function stockState(stock: ProductStock | undefined): StockState {
  if (!stock || !stock.is_in_stock || stock.qty <= 0) return 'out_of_stock';
  if (stock.qty <= LIMITED_STOCK_MAX) return 'limited';
  if (stock.qty >= WELL_IN_STOCK_MIN) return 'well_in_stock';
  return 'in_stock';
}

export const STOCK_LABEL: Record<StockState, string> = {
  out_of_stock: 'Out of stock',
  limited: 'Limited stock',
  in_stock: 'In stock',
  well_in_stock: 'Well in stock',
};
