import type { ProductOption } from '../../contract/cart.ts';
import type { Queryable } from '../db/index.ts';
import type { PricedProductColumns } from '../catalog/product-fields.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { labelChoices, loadAttributes, variantChoices } from '../pricing/sellable-product.ts';
import { loadPricingContext, priceWithTier, type PricingContext } from '../pricing/line-price.ts';
import type { PricedLine } from '../pricing/totals.ts';

interface CartLineRow extends PricedProductColumns {
  item_id: number;
  sku: string;
  qty: number;
  product_type: string;
  product_option: ProductOption | null;
  name: string;
  parent_type: string | null;
  parent_attrs: Record<string, unknown> | null;
  parent_options: unknown;
  tier_cents: number | null;
}

/** The country a cart is taxed and shipped for: its shipping address, else the storefront's default (spec 000 §1). */
export async function cartCountry(
  db: Queryable,
  cart: Pick<CartRow, 'shipping_address' | 'store_code' | 'default_country'>,
): Promise<string> {
  const fromAddress = cart.shipping_address?.country_id;
  if (typeof fromAddress === 'string' && /^[A-Za-z]{2}$/.test(fromAddress)) return fromAddress.toUpperCase();
  if (cart.default_country) return cart.default_country.trim().toUpperCase();
  const { rows } = await db.query<{ default_country: string }>(
    'select default_country from store_views where code = $1',
    [cart.store_code],
  );
  return rows[0]?.default_country ?? 'NL';
}

export async function cartPricingContext(db: Queryable, cart: CartRow, now: Date): Promise<PricingContext> {
  return loadPricingContext(db, cart.customer_id, await cartCountry(db, cart), now);
}

/**
 * The cart's lines priced now (server clock), in item_id order so item ids stay stable for the client's merge.
 * One query for all lines (products, parents, tier prices) and one for the option labels, whatever the cart size.
 */
export async function loadPricedLines(db: Queryable, cart: CartRow, ctx: PricingContext): Promise<PricedLine[]> {
  const { rows } = await db.query<CartLineRow>(
    `select ci.item_id, ci.sku, ci.qty, ci.product_type, ci.product_option, ci.name,
            p.price_cents, p.special_price_cents, p.special_from_date, p.special_to_date, p.tax_class_id,
            p.category_ids || coalesce(pp.category_ids, '{}'::int[]) as category_ids, p.attrs,
            pp.type_id as parent_type, pp.attrs as parent_attrs, pp.doc -> 'configurable_options' as parent_options,
            least((select min(t.price_cents) from product_tier_prices t
                    where t.product_id = p.id and t.customer_group_id = $2 and t.qty <= ci.qty),
                  (select pp2.price_cents from personal_prices pp2 where pp2.customer_id = $3 and pp2.sku = ci.sku)) as tier_cents
       from cart_items ci
       join products p on p.id = ci.product_id
       left join products pp on pp.id = p.parent_id
      where ci.cart_id = $1
      order by ci.item_id`,
    [cart.id, ctx.customerGroupId, ctx.customerId],
  );
  const configurable = rows.some((r) => r.parent_type === 'configurable');
  const attributes = configurable ? await loadAttributes(db) : new Map();
  const choices = rows.map((r) =>
    r.parent_type === 'configurable'
      ? variantChoices({ configurable_options: r.parent_options }, r.parent_attrs, r.attrs, attributes)
      : [],
  );
  const labels = await labelChoices(db, choices);
  return rows.map((r, i) => {
    const price = priceWithTier(r, r.tier_cents, ctx);
    return {
      itemId: r.item_id,
      sku: r.sku,
      name: r.name,
      qty: r.qty,
      productType: r.product_type,
      productOption: r.product_option,
      optionLabels: labels[i],
      categoryIds: [...new Set(r.category_ids ?? [])],
      unitInclCents: price.unitInclCents,
      taxRatePercent: price.taxRatePercent,
    };
  });
}
