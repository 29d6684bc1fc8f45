import type { Queryable } from '../db/index.ts';
import type { CartRow } from './cart-access.ts';
import { resolveSellable, type OptionLabel, type ProductOption } from './product-resolver.ts';
import { loadPricingContext, priceLine, type PricingContext } from './pricing.ts';
import type { PricedLine } from './totals.ts';

interface CartItemRow {
  item_id: number;
  sku: string;
  qty: number;
  product_type: string;
  product_option: ProductOption | null;
  name: string;
}

/** The country a cart is taxed and shipped for: its shipping address, else the storefront's default (spec 000 §1). */
export async function cartCountry(db: Queryable, cart: Pick<CartRow, 'shipping_address' | 'store_code'>): Promise<string> {
  const fromAddress = cart.shipping_address?.country_id;
  if (typeof fromAddress === 'string' && /^[A-Za-z]{2}$/.test(fromAddress)) return fromAddress.toUpperCase();
  const { rows } = await db.query<{ default_country: string }>('select default_country from store_views where code = $1', [cart.store_code]);
  return rows[0]?.default_country ?? 'NL';
}

export async function cartPricingContext(db: Queryable, cart: CartRow, now: Date): Promise<PricingContext> {
  return loadPricingContext(db, cart.customer_id, await cartCountry(db, cart), now);
}

/** The cart's lines priced now (server clock), in item_id order so item ids stay stable for the client's merge. */
export async function loadPricedLines(db: Queryable, cart: CartRow, ctx: PricingContext): Promise<PricedLine[]> {
  const { rows } = await db.query<CartItemRow>(
    'select item_id, sku, qty, product_type, product_option, name from cart_items where cart_id = $1 order by item_id',
    [cart.id],
  );
  const lines: PricedLine[] = [];
  for (const item of rows) {
    const product = await resolveSellable(db, item.sku, item.product_option, false);
    const price = await priceLine(db, product, item.qty, ctx);
    lines.push({
      itemId: item.item_id,
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      productType: item.product_type,
      productOption: item.product_option,
      optionLabels: product.optionLabels as OptionLabel[],
      categoryIds: product.categoryIds,
      unitInclCents: price.unitInclCents,
      taxRatePercent: price.taxRatePercent,
    });
  }
  return lines;
}
