import type { Queryable } from '../db/index.ts';
import { computePrice } from '../../src/domain/price.ts';
import { findTaxRate, type TaxRule } from '../../src/domain/tax.ts';
import type { SellableProduct } from './product-resolver.ts';

/** Everything a line price depends on besides the product: who buys, where it ships, and when (the server clock). */
export interface PricingContext {
  rules: TaxRule[];
  countryId: string;
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

export async function loadPricingContext(db: Queryable, customerId: number | null, countryId: string, now: Date): Promise<PricingContext> {
  const { rows: ruleRows } = await db.query<{ id: number; product_tax_class_ids: number[]; customer_tax_class_ids: number[] }>(
    'select id, product_tax_class_ids, customer_tax_class_ids from tax_rules order by priority, id',
  );
  const { rows: rateRows } = await db.query<{ tax_rule_id: number; rate: number | string; tax_country_id: string; region_name: string; tax_region_id: number }>(
    'select tax_rule_id, rate, tax_country_id, region_name, tax_region_id from tax_rates order by id',
  );
  const rules: TaxRule[] = ruleRows.map((r) => ({
    id: r.id,
    product_tax_class_ids: r.product_tax_class_ids,
    customer_tax_class_ids: r.customer_tax_class_ids,
    rates: rateRows
      .filter((rate) => rate.tax_rule_id === r.id)
      .map((rate) => ({
        rate: Number(rate.rate),
        tax_country_id: rate.tax_country_id,
        region_name: rate.region_name,
        tax_region_id: rate.tax_region_id,
      })),
  }));

  let groupId = GUEST_GROUP;
  if (customerId !== null) {
    const { rows } = await db.query<{ group_id: number }>('select group_id from customers where id = $1', [customerId]);
    groupId = rows[0]?.group_id ?? 1;
  }
  const { rows: groups } = await db.query<{ tax_class_id: number }>('select tax_class_id from customer_groups where id = $1', [groupId]);
  return {
    rules,
    countryId,
    customerGroupId: groupId,
    customerTaxClassId: groups[0]?.tax_class_id ?? RETAIL_TAX_CLASS,
    now,
  };
}

/**
 * The unit price of a line through the shared domain rules (spec 000 §5: special price window, tax by class and
 * country). The group's tier price for this quantity counts when lower (usePriceTiers; club members have tiers).
 */
export async function priceLine(db: Queryable, product: SellableProduct, qty: number, ctx: PricingContext): Promise<LinePrice> {
  const { rows } = await db.query<{ price_cents: number | null }>(
    `select min(price_cents) as price_cents from product_tier_prices
      where product_id = $1 and customer_group_id = $2 and qty <= $3`,
    [product.productId, ctx.customerGroupId, qty],
  );
  const taxRatePercent = findTaxRate(ctx.rules, product.taxClassId, {
    countryId: ctx.countryId,
    customerTaxClassId: ctx.customerTaxClassId,
  });
  const price = computePrice(
    {
      priceInclCents: product.priceCents,
      specialPriceInclCents: product.specialPriceCents,
      specialFromDate: product.specialFromDate,
      specialToDate: product.specialToDate,
      taxRatePercent,
      tierPriceInclCents: rows[0]?.price_cents ?? null,
    },
    ctx.now,
  );
  return { unitInclCents: price.finalInclCents, unitExclCents: price.finalExclCents, taxRatePercent };
}
