import type { Queryable } from '../db/index.ts';
import { priceInput, type ShopPriceColumns } from '../catalog/product-fields.ts';
import { computePrice } from '../../domain/price.ts';
import { findTaxRate, type TaxRule } from '../../domain/tax.ts';
import type { SellableProduct } from './sellable-product.ts';

/** Everything a line price depends on besides the product: who buys, where it ships, and when (the server clock). */
export interface PricingContext {
  rules: TaxRule[];
  countryId: string;
  customerId: number | null;
  customerGroupId: number;
  customerTaxClassId: number;
  now: Date;
}

export interface LinePrice {
  unitInclCents: number;
  unitExclCents: number;
  taxRatePercent: number;
}

/** Guests are Magento's group 0 ("NOT LOGGED IN"). */
const GUEST_GROUP = 0;
/** Retail customer class, used when the group table does not say. */
const RETAIL_TAX_CLASS = 3;

/** Tax rules with their rates and the buyer's group, in one round trip (every cart call needs them). */
export async function loadPricingContext(
  db: Queryable,
  customerId: number | null,
  countryId: string,
  now: Date,
): Promise<PricingContext> {
  const { rows } = await db.query<{ rules: TaxRule[]; group_id: number; tax_class_id: number | null }>(
    `with buyer as (select coalesce((select group_id from customers where id = $1), $2::int) as group_id)
     select coalesce((
              select json_agg(json_build_object(
                       'id', r.id,
                       'product_tax_class_ids', r.product_tax_class_ids,
                       'customer_tax_class_ids', r.customer_tax_class_ids,
                       'rates', coalesce((
                          select json_agg(json_build_object('rate', t.rate, 'tax_country_id', t.tax_country_id,
                                   'region_name', t.region_name, 'tax_region_id', t.tax_region_id) order by t.id)
                            from tax_rates t where t.tax_rule_id = r.id), '[]'::json)
                     ) order by r.priority, r.id)
                from tax_rules r), '[]'::json) as rules,
            buyer.group_id,
            (select tax_class_id from customer_groups g where g.id = buyer.group_id) as tax_class_id
       from buyer`,
    [customerId, customerId === null ? GUEST_GROUP : 1],
  );
  const row = rows[0];
  const rules = (typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules) as TaxRule[];
  for (const rule of rules) for (const rate of rule.rates) rate.rate = Number(rate.rate);
  return {
    rules,
    countryId,
    customerId,
    customerGroupId: row.group_id,
    customerTaxClassId: row.tax_class_id ?? RETAIL_TAX_CLASS,
    now,
  };
}

/**
 * The unit price of a line through the shared domain rules (spec 000 §5: special price window, tax by class and
 * country). The group's tier price for this quantity (usePriceTiers; club members have tiers) and the customer's
 * personal price (spec 000 §1 personal pricing; the sku a cart holds is the child's) count when lower.
 */
export async function priceLine(
  db: Queryable,
  product: SellableProduct,
  qty: number,
  ctx: PricingContext,
): Promise<LinePrice> {
  const { rows } = await db.query<{ price_cents: number | null }>(
    `select least(
              (select min(price_cents) from product_tier_prices where product_id = $1 and customer_group_id = $2 and qty <= $3),
              (select price_cents from personal_prices where customer_id = $4 and sku = $5)
            ) as price_cents`,
    [product.productId, ctx.customerGroupId, qty, ctx.customerId, product.sku],
  );
  return priceWithTier(product.priceColumns, rows[0]?.price_cents ?? null, ctx);
}

/** priceLine with the group's tier price already looked up (batched loaders). */
export function priceWithTier(
  columns: ShopPriceColumns,
  tierPriceInclCents: number | null,
  ctx: PricingContext,
): LinePrice {
  const taxRatePercent = findTaxRate(ctx.rules, columns.tax_class_id, {
    countryId: ctx.countryId,
    customerTaxClassId: ctx.customerTaxClassId,
  });
  const price = computePrice(priceInput(columns, taxRatePercent, tierPriceInclCents), ctx.now);
  return { unitInclCents: price.finalInclCents, unitExclCents: price.finalExclCents, taxRatePercent };
}
