import { computePrice, type PriceBreakdown } from '../../src/domain/price.ts';
import { findTaxRate, type TaxRule } from '../../src/domain/tax.ts';
import { toEuros } from '../../src/domain/money.ts';
import type { PriceContext } from './store-context.ts';
import type { ProductRow, ProductRowWithParts, StockJson } from './product-fields.ts';

export type ProductDocument = Record<string, unknown>;

function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The price of one product row for a store and customer, by the shared rules (spec 000 §5). */
export function priceOf(row: Pick<ProductRow, 'price_cents' | 'special_price_cents' | 'special_from_date' | 'special_to_date' | 'tax_class_id'>,
  ctx: PriceContext, rules: TaxRule[], tierCents?: number | null): { breakdown: PriceBreakdown; taxRate: number } {
  const taxRate = findTaxRate(rules, row.tax_class_id, { countryId: ctx.countryId, customerTaxClassId: ctx.customerTaxClassId });
  const breakdown = computePrice(
    {
      priceInclCents: row.price_cents,
      specialPriceInclCents: row.special_price_cents,
      specialFromDate: row.special_from_date,
      specialToDate: row.special_to_date,
      taxRatePercent: taxRate,
      tierPriceInclCents: tierCents ?? null,
    },
    ctx.now,
  );
  return { breakdown, taxRate };
}

/**
 * Price fields of a product document, as vue-storefront's tax calculation leaves them: `price`/`final_price`/
 * `special_price`/`original_price` excl. tax and their `_incl_tax` twins; `special_price*` are 0 when the special
 * price does not count; `regular_price` is the regular price incl. tax (the shopper's "van" price).
 */
export function priceFields(b: PriceBreakdown, taxRate: number): Record<string, number> {
  return {
    price: toEuros(b.regularExclCents),
    price_incl_tax: toEuros(b.regularInclCents),
    price_tax: toEuros(b.regularInclCents - b.regularExclCents),
    original_price: toEuros(b.regularExclCents),
    original_price_incl_tax: toEuros(b.regularInclCents),
    special_price: toEuros(b.specialExclCents),
    special_price_incl_tax: toEuros(b.specialInclCents),
    final_price: toEuros(b.finalExclCents),
    final_price_incl_tax: toEuros(b.finalInclCents),
    regular_price: toEuros(b.regularInclCents),
    tax_rate: taxRate,
    discount_percentage: b.discountPercentage,
  };
}

function stockOf(stock: StockJson | null): { is_in_stock: boolean; qty: number; manage_stock: boolean } {
  if (!stock) return { is_in_stock: false, qty: 0, manage_stock: true };
  return { is_in_stock: stock.is_in_stock, qty: Math.max(0, stock.qty - stock.reserved_qty), manage_stock: stock.manage_stock };
}

/** Attribute values as top-level fields: one value → the value ('49'); several → the list. */
function attributeFields(attrs: Record<string, unknown>, configurable: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [code, raw] of Object.entries(attrs ?? {})) {
    const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
    out[code] = values.length === 1 ? values[0] : values;
    if (configurable) out[`${code}_options`] = values;
  }
  return out;
}

function childDocument(child: ProductRow & { stock: StockJson | null }, parentSku: string, ctx: PriceContext, rules: TaxRule[]): ProductDocument {
  const { breakdown, taxRate } = priceOf(child, ctx, rules);
  return {
    ...(child.doc ?? {}),
    ...attributeFields(child.attrs, false),
    id: child.id,
    sku: child.sku,
    parentSku,
    name: child.name,
    type_id: child.type_id,
    url_key: child.url_key,
    url_path: child.url_path,
    slug: child.slug,
    status: child.status,
    visibility: child.visibility,
    tax_class_id: child.tax_class_id,
    special_from_date: isoOrNull(child.special_from_date),
    special_to_date: isoOrNull(child.special_to_date),
    ...priceFields(breakdown, taxRate),
    stock: stockOf(child.stock),
  };
}

/**
 * A catalogue product document (spec 000 §3 "Product"): the stored `doc` (media, labels, configurable_options …)
 * overlaid with the columns, prices computed for the store/customer at `ctx.now`, stock, children and links.
 */
export function productDocument(row: ProductRowWithParts, ctx: PriceContext, rules: TaxRule[]): ProductDocument {
  const { breakdown, taxRate } = priceOf(row, ctx, rules, row.tier_cents);
  const configurable = row.type_id === 'configurable';
  const doc: ProductDocument = {
    ...(row.doc ?? {}),
    ...attributeFields(row.attrs, configurable),
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description ?? '',
    type_id: row.type_id,
    url_key: row.url_key,
    url_path: row.url_path,
    slug: row.slug,
    status: row.status,
    visibility: row.visibility,
    brand: row.brand,
    tax_class_id: row.tax_class_id,
    category_ids: row.category_ids,
    position: row.position,
    special_from_date: isoOrNull(row.special_from_date),
    special_to_date: isoOrNull(row.special_to_date),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
    ...priceFields(breakdown, taxRate),
    stock: stockOf(row.stock),
  };
  if (row.parent_id !== null) doc.parentId = row.parent_id;
  if (row.children) {
    doc.configurable_children = row.children.map((c) => childDocument(c, row.sku, ctx, rules));
  }
  if (row.links) {
    doc.product_links = row.links.map((l) => ({
      sku: row.sku,
      link_type: l.link_type,
      linked_product_sku: l.linked_product_sku,
      linked_product_id: l.linked_product_id,
      position: l.position,
      extension_attributes: { qty: l.qty },
    }));
  }
  return doc;
}
