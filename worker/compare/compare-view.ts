import type { Product } from '../../contract/catalog.ts';
import { productPrices } from '../../domain/catalog/product-prices.ts';
import { stockState } from '../../domain/catalog/stock-state.ts';
import { toCents } from '../../domain/money.ts';
import type { AttributeMetadata } from '../api-types.ts';
import type { CompareColumn, CompareTable } from './api-types.ts';

/** Colour and size have rows of their own (the colour name, the sizes in stock); the rest come from the catalogue. */
const OWN_ROWS = new Set(['color', 'size']);

const optionLabel = (attribute: AttributeMetadata | undefined, value: string) =>
  attribute?.options?.find((o) => String(o.value) === value)?.label ?? value;

/**
 * An attribute's shown value: a product document carries option ids (`material: '403'`, a configurable also
 * `material_options`), shown by their label; a value that is already text (the parent's `brand`) shows as it is.
 */
function attributeValue(product: Product, code: string, attribute: AttributeMetadata | undefined): string {
  const raw = product[`${code}_options`] ?? product[code];
  const values = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map(String);
  return [...new Set(values.map((v) => optionLabel(attribute, v)))].join(', ');
}

/** The sizes a shopper can order now: children in stock, in the catalogue's order, each once. */
function sizesInStock(product: Product): string[] {
  const sizes = (product.configurable_children ?? [])
    .filter((child) => stockState(child.stock) !== 'out_of_stock')
    .map((child) => String(child.size_label ?? ''))
    .filter(Boolean);
  return [...new Set(sizes)];
}

export function compareColumn(product: Product, attributes: readonly AttributeMetadata[]): CompareColumn {
  const byCode = new Map(attributes.map((a) => [a.attribute_code, a]));
  const { price, special } = productPrices(product);
  return {
    sku: product.sku,
    name: product.name,
    image: product.image ?? null,
    href: `/${product.url_path ?? ''}`,
    priceCents: price === undefined ? null : toCents(price),
    specialPriceCents: special === undefined ? null : toCents(special),
    colour: String(product.color_label ?? attributeValue(product, 'color', byCode.get('color'))),
    sizes: sizesInStock(product),
    attributes: Object.fromEntries(
      attributes
        .filter((a) => !OWN_ROWS.has(a.attribute_code))
        .map((a) => [a.attribute_code, attributeValue(product, a.attribute_code, a)]),
    ),
  };
}

/** The compare page's table: one column per product in list order, one row per comparable attribute. */
export function compareTable(
  skus: readonly string[],
  products: readonly Product[],
  attributes: readonly AttributeMetadata[],
  offline: boolean,
): CompareTable {
  const sorted = [...attributes].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return {
    columns: skus.flatMap((sku) => {
      const product = bySku.get(sku);
      return product ? [compareColumn(product, sorted)] : [];
    }),
    rows: sorted
      .filter((a) => !OWN_ROWS.has(a.attribute_code))
      .map((a) => ({ code: a.attribute_code, label: String(a.frontend_label ?? a.attribute_code) })),
    missing: skus.filter((sku) => !bySku.has(sku)),
    offline,
  };
}
