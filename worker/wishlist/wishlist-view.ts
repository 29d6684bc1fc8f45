import { lineVariantText } from '../../domain/cart/line-display.ts';
import { toCents, type Cents } from '../../domain/money.ts';
import type { WishlistItemDoc } from '../../schemas/index.ts';
import type { CartLineDisplay, WishlistItemView } from '../api-types.ts';

const cents = (euros: unknown): Cents | null =>
  typeof euros === 'number' && Number.isFinite(euros) ? toCents(euros) : null;

/** A device item as the app shows it (the one place its euros become cents). */
export function wishlistItemView(item: WishlistItemDoc): WishlistItemView {
  const display = (item.product as CartLineDisplay | undefined) ?? null;
  const price = cents(display?.price_incl_tax);
  const original = cents(display?.original_price_incl_tax);
  return {
    key: item.key,
    sku: item.sku,
    parentSku: item.parentSku ?? display?.parentSku ?? null,
    display,
    variant: lineVariantText(display),
    priceCents: price,
    originalPriceCents: original !== null && price !== null && original > price ? original : null,
  };
}
