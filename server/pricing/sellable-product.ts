import type { ProductOption } from '../../contract/cart.ts';
import type { Queryable } from '../db/index.ts';
import type { PricedProductColumns, ProductRow, ShopPriceColumns } from '../catalog/product-fields.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import type { SizeConversion } from '../../domain/catalog/size-conversion.ts';
import { CART_MESSAGES } from './messages.ts';

/** A chosen option with its labels, as the totals answer lists it in `options`. */
export interface OptionLabel {
  label: string;
  value: string;
}

/** The product a cart line really sells (a simple product or a configurable child), with what pricing needs. */
export interface SellableProduct {
  productId: number;
  sku: string;
  parentSku: string | null;
  /** 'configurable' for a configurable child, as vue-storefront's cart items say; else the product's own type. */
  productType: string;
  name: string;
  /** The sold product's own price columns (a configurable child's, not its parent's). */
  priceColumns: ShopPriceColumns;
  categoryIds: number[];
  productOption: ProductOption | null;
  optionLabels: OptionLabel[];
  /** The configurable parent's size table and size labels, to name the size as the shopper read it (sizeText). */
  sizes: { conversion: SizeConversion; labels: string[] } | null;
}

/** The columns of a `products` row (catalog/'s ProductRow) that PRODUCT_COLUMNS selects. */
type SoldProductRow = Pick<
  ProductRow,
  'id' | 'sku' | 'parent_id' | 'type_id' | 'name' | 'status' | 'doc' | keyof PricedProductColumns
>;

const PRODUCT_COLUMNS = `id, sku, parent_id, type_id, name, status, price_cents, special_price_cents, special_from_date,
  special_to_date, tax_class_id, category_ids, attrs, doc`;

/** Attribute labels in cart totals follow Magento's configurable options ("Size", "Color"). */
const OPTION_TITLES: Record<string, string> = { size: 'Size', color: 'Color' };

function attrValues(attrs: Record<string, unknown> | null | undefined, code: string): string[] {
  const raw = attrs?.[code];
  if (Array.isArray(raw)) return raw.map(String);
  if (raw === undefined || raw === null) return [];
  return [String(raw)];
}

export interface AttributeRow {
  attribute_id: number;
  attribute_code: string;
  frontend_label: string;
}

/** Attributes by id (as text, the way configurable_item_options name them). */
export async function loadAttributes(db: Queryable): Promise<Map<string, AttributeRow>> {
  const { rows } = await db.query<AttributeRow>('select attribute_id, attribute_code, frontend_label from attributes');
  const byId = new Map<string, AttributeRow>();
  for (const row of rows) byId.set(String(row.attribute_id), row);
  return byId;
}

/** The parent's configurable attribute codes: its document's configurable_options, else size and colour. */
function configurableCodes(
  parentDoc: Record<string, unknown> | null | undefined,
  parentAttrs: Record<string, unknown> | null | undefined,
  attributes: Map<string, AttributeRow>,
): string[] {
  const options = parentDoc?.configurable_options;
  if (Array.isArray(options) && options.length > 0) {
    return options
      .map(
        (o: { attribute_code?: string; attribute_id?: string | number }) =>
          o.attribute_code ?? attributes.get(String(o.attribute_id))?.attribute_code,
      )
      .filter((c): c is string => typeof c === 'string');
  }
  return ['color', 'size'].filter((c) => attrValues(parentAttrs, c).length > 0);
}

/** A configurable child's chosen value per configurable attribute of its parent. */
export interface VariantChoice {
  attribute: AttributeRow;
  value: string;
}

export function variantChoices(
  parentDoc: Record<string, unknown> | null | undefined,
  parentAttrs: Record<string, unknown> | null | undefined,
  childAttrs: Record<string, unknown> | null | undefined,
  attributes: Map<string, AttributeRow>,
): VariantChoice[] {
  const byCode = new Map([...attributes.values()].map((a) => [a.attribute_code, a]));
  const choices: VariantChoice[] = [];
  for (const code of configurableCodes(parentDoc, parentAttrs, attributes)) {
    const value = attrValues(childAttrs, code)[0];
    const attribute = byCode.get(code);
    if (value !== undefined && attribute) choices.push({ attribute, value });
  }
  return choices;
}

/** Labels for many lines' choices in one query: [{ label: 'Size', value: 'M' }] per line. */
export async function labelChoices(db: Queryable, perLine: VariantChoice[][]): Promise<OptionLabel[][]> {
  const all = perLine.flat();
  const labels = new Map<string, string>();
  if (all.length > 0) {
    const { rows } = await db.query<{ attribute_id: number; value: string; label: string }>(
      `select o.attribute_id, o.value, o.label from attribute_options o
         join unnest($1::int[], $2::text[]) as w(attribute_id, value) on w.attribute_id = o.attribute_id and w.value = o.value`,
      [all.map((c) => c.attribute.attribute_id), all.map((c) => c.value)],
    );
    for (const r of rows) labels.set(`${r.attribute_id}:${r.value}`, r.label);
  }
  return perLine.map((choices) =>
    choices.map((c) => ({
      label: OPTION_TITLES[c.attribute.attribute_code] ?? c.attribute.frontend_label,
      value: labels.get(`${c.attribute.attribute_id}:${c.value}`) ?? c.value,
    })),
  );
}

function requestedOptions(option: ProductOption | null | undefined) {
  const list = option?.extension_attributes?.configurable_item_options;
  return Array.isArray(list) ? list : [];
}

/**
 * Resolves a cart line's sku (spec 000 §5 "Cart item identity": configurable items are identified by the child sku):
 * - a simple product sells itself;
 * - a configurable child sells itself under its parent (parent_sku stored); without product_option the options are
 *   derived from the child, with options they must match it;
 * - a configurable parent with configurable_item_options resolves to the matching child; without options it is a 400
 *   (the client must choose a variant).
 */
export async function resolveSellable(
  db: Queryable,
  sku: string,
  option: ProductOption | null | undefined,
  /** false when re-reading a line already in the cart: a product disabled since then is still priced and shown. */
  checkStatus = true,
  options: {
    /** The attributes, when the caller resolves many lines (cart update-batch): read once for all of them. */
    attributes?: () => Promise<Map<string, AttributeRow>>;
    /** false: the caller does not show the option labels (a cart update), `optionLabels` stays empty. */
    labels?: boolean;
    /** Product rows the caller read ahead for many lines, by sku and by id; a row not in them is read here. */
    rows?: ProductRows;
  } = {},
): Promise<SellableProduct> {
  let product =
    options.rows?.bySku.get(sku) ??
    (await db.query<SoldProductRow>(`select ${PRODUCT_COLUMNS} from products where sku = $1`, [sku])).rows[0];
  if (!product) throw notFound(CART_MESSAGES.productNotFound(sku));
  const wanted = requestedOptions(option);
  let attributesCache: Map<string, AttributeRow> | null = null;
  const attributes = options.attributes ?? (async () => (attributesCache ??= await loadAttributes(db)));

  let parent: SoldProductRow | null = null;
  if (product.type_id === 'configurable') {
    if (wanted.length === 0) throw badRequest(CART_MESSAGES.chooseVariant);
    parent = product;
    const { rows: children } = await db.query<SoldProductRow>(
      `select ${PRODUCT_COLUMNS} from products where parent_id = $1 order by id`,
      [product.id],
    );
    const attrs = await attributes();
    const child = children.find((c) => matchesOptions(c, wanted, attrs));
    if (!child) throw badRequest(CART_MESSAGES.noSuchConfiguration);
    product = child;
  } else if (product.parent_id !== null) {
    const known = options.rows?.byId.get(product.parent_id);
    const parents = known
      ? [known]
      : (await db.query<SoldProductRow>(`select ${PRODUCT_COLUMNS} from products where id = $1`, [product.parent_id]))
          .rows;
    if (parents[0]?.type_id === 'configurable') {
      parent = parents[0];
      if (wanted.length > 0 && !matchesOptions(product, wanted, await attributes()))
        throw badRequest(CART_MESSAGES.noSuchConfiguration);
    }
  }
  if (product.type_id === 'grouped') throw badRequest(CART_MESSAGES.groupedNotSellable);
  if (checkStatus && (product.status >= 2 || (parent && parent.status >= 2)))
    throw badRequest(CART_MESSAGES.productDisabled(sku));

  let productOption: ProductOption | null = option ?? null;
  let optionLabels: OptionLabel[] = [];
  if (parent) {
    const choices = variantChoices(parent.doc, parent.attrs, product.attrs, await attributes());
    if (options.labels !== false) optionLabels = (await labelChoices(db, [choices]))[0];
    if (wanted.length === 0) {
      productOption = {
        extension_attributes: {
          configurable_item_options: choices.map((c) => ({
            option_id: String(c.attribute.attribute_id),
            option_value: c.value,
          })),
        },
      };
    }
  }

  return {
    productId: product.id,
    sku: product.sku,
    parentSku: parent?.sku ?? null,
    productType: parent ? 'configurable' : product.type_id,
    name: parent?.name ?? product.name,
    priceColumns: product,
    categoryIds: [...new Set([...(product.category_ids ?? []), ...(parent?.category_ids ?? [])])],
    productOption,
    optionLabels,
    sizes: parent ? sizesOf(parent.doc) : null,
  };
}

function sizesOf(doc: Record<string, unknown>): SellableProduct['sizes'] {
  const conversion = doc.size_conversion as SizeConversion | undefined;
  const options = doc.configurable_options as { attribute_code?: string; values?: { label: string }[] }[] | undefined;
  const labels = options?.find((o) => o.attribute_code === 'size')?.values?.map((v) => v.label);
  return conversion && labels ? { conversion, labels } : null;
}

export interface ProductRows {
  bySku: Map<string, SoldProductRow>;
  byId: Map<number, SoldProductRow>;
}

/** The product rows of `skus` and their parents, in two queries: resolveSellable's reads for many lines at once. */
export async function loadProductRows(db: Queryable, skus: string[]): Promise<ProductRows> {
  const bySku = new Map<string, SoldProductRow>();
  const byId = new Map<number, SoldProductRow>();
  const add = (rows: SoldProductRow[]) => {
    for (const row of rows) {
      bySku.set(row.sku, row);
      byId.set(row.id, row);
    }
  };
  add((await db.query<SoldProductRow>(`select ${PRODUCT_COLUMNS} from products where sku = any($1)`, [skus])).rows);
  const parentIds = [...new Set([...byId.values()].map((r) => r.parent_id).filter((id) => id !== null))].filter(
    (id) => !byId.has(id),
  );
  if (parentIds.length > 0)
    add(
      (await db.query<SoldProductRow>(`select ${PRODUCT_COLUMNS} from products where id = any($1)`, [parentIds])).rows,
    );
  return { bySku, byId };
}

function matchesOptions(
  child: SoldProductRow,
  wanted: { option_id: string | number; option_value: string | number }[],
  attributes: Map<string, AttributeRow>,
): boolean {
  return wanted.every((w) => {
    const attribute = attributes.get(String(w.option_id));
    return (
      attribute !== undefined && attrValues(child.attrs, attribute.attribute_code).includes(String(w.option_value))
    );
  });
}
