import { computePrice, type PriceBreakdown } from '../../domain/price.ts';
import { findTaxRate, type TaxRule } from '../../domain/tax.ts';
import { toEuros } from '../../domain/money.ts';
import type { PriceField } from '../../domain/catalog/product-prices.ts';
import type { PriceContext } from './store-context.ts';
import {
  priceInput,
  type ProductRow,
  type ProductRowWithParts,
  type ShopPriceColumns,
  type StockJson,
} from './product-fields.ts';

export type ProductDocument = Record<string, unknown>;

function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

type Priced = { breakdown: PriceBreakdown; taxRate: number };

function dateKey(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value instanceof Date ? String(value.getTime()) : value;
}

/**
 * The price of one product row for a store and customer, by the shared rules (spec 000 §5). The variants of a
 * configurable nearly always share price, special price and window, so answers are remembered per context (one
 * request): the window check formats dates in the shop's zone, the costliest part of building a listing.
 */
export function priceOf(row: ShopPriceColumns, ctx: PriceContext, rules: TaxRule[], tierCents?: number | null): Priced {
  const memo = (ctx.priceMemo ??= new Map<string, Priced>());
  const key = `${row.price_cents}|${row.special_price_cents ?? ''}|${dateKey(row.special_from_date)}|${dateKey(row.special_to_date)}|${row.tax_class_id}|${tierCents ?? ''}`;
  const known = memo.get(key);
  if (known) return known;
  const priced = computePriced(row, ctx, rules, tierCents);
  memo.set(key, priced);
  return priced;
}

function computePriced(row: ShopPriceColumns, ctx: PriceContext, rules: TaxRule[], tierCents?: number | null): Priced {
  const taxRate = findTaxRate(rules, row.tax_class_id, {
    countryId: ctx.countryId,
    customerTaxClassId: ctx.customerTaxClassId,
  });
  const breakdown = computePrice(priceInput(row, taxRate, tierCents), ctx.now);
  return { breakdown, taxRate };
}

/**
 * Price fields of a product document, as vue-storefront's tax calculation leaves them: `price`/`final_price`/
 * `special_price`/`original_price` excl. tax and their `_incl_tax` twins; `special_price*` are 0 when the special
 * price does not count; `regular_price` is the regular price incl. tax (the shopper's "van" price).
 */
export function priceFields(b: PriceBreakdown, taxRate: number): Record<PriceField, number> {
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
  return {
    is_in_stock: stock.is_in_stock,
    qty: Math.max(0, stock.qty - stock.reserved_qty),
    manage_stock: stock.manage_stock,
  };
}

/** Attribute values as top-level fields: one value → the value ('49'); several → the list. */
function assignAttributes(out: ProductDocument, attrs: Record<string, unknown>, configurable: boolean): void {
  for (const code of Object.keys(attrs ?? {})) {
    const raw = attrs[code];
    const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
    out[code] = values.length === 1 ? values[0] : values;
    if (configurable) out[`${code}_options`] = values;
  }
}

/** The stored `doc` overlaid with the attribute values, id and sku: where every product and child document starts. */
function baseDocument(row: ProductRow, configurable: boolean): ProductDocument {
  const doc: ProductDocument = Object.assign({}, row.doc ?? {});
  assignAttributes(doc, row.attrs, configurable);
  doc.id = row.id;
  doc.sku = row.sku;
  return doc;
}

function assignPageFields(doc: ProductDocument, row: ProductRow): void {
  doc.type_id = row.type_id;
  doc.url_key = row.url_key;
  doc.url_path = row.url_path;
  doc.slug = row.slug;
  doc.status = row.status;
  doc.visibility = row.visibility;
}

// Documents are assembled with plain assignments: object literals with several spreads were measured at ~1 ms per
// product document here (a 50-product page spent 50 ms in it), assignments at ~5 µs.
function childDocument(
  child: ProductRow & { stock: StockJson | null },
  parentSku: string,
  ctx: PriceContext,
  rules: TaxRule[],
): ProductDocument {
  const { breakdown, taxRate } = priceOf(child, ctx, rules);
  const doc = baseDocument(child, false);
  doc.parentSku = parentSku;
  doc.name = child.name;
  assignPageFields(doc, child);
  doc.tax_class_id = child.tax_class_id;
  doc.special_from_date = isoOrNull(child.special_from_date);
  doc.special_to_date = isoOrNull(child.special_to_date);
  Object.assign(doc, priceFields(breakdown, taxRate));
  doc.stock = stockOf(child.stock);
  return doc;
}

/**
 * A catalogue product document (spec 000 §3 "Product"): the stored `doc` (media, labels, configurable_options …)
 * overlaid with the columns, prices computed for the store/customer at `ctx.now`, stock, children and links.
 */
export function productDocument(row: ProductRowWithParts, ctx: PriceContext, rules: TaxRule[]): ProductDocument {
  const { breakdown, taxRate } = priceOf(row, ctx, rules, row.tier_cents);
  const doc = baseDocument(row, row.type_id === 'configurable');
  doc.name = row.name;
  doc.description = row.description ?? '';
  assignPageFields(doc, row);
  doc.brand = row.brand;
  doc.tax_class_id = row.tax_class_id;
  doc.category_ids = row.category_ids;
  doc.position = row.position;
  doc.special_from_date = isoOrNull(row.special_from_date);
  doc.special_to_date = isoOrNull(row.special_to_date);
  doc.created_at = isoOrNull(row.created_at);
  doc.updated_at = isoOrNull(row.updated_at);
  Object.assign(doc, priceFields(breakdown, taxRate));
  doc.stock = stockOf(row.stock);
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
