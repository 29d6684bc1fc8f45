import type { Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { CART_MESSAGES } from './messages.ts';

/** vue-storefront's product_option; only the configurable part carries meaning for the server. */
export interface ProductOption {
  extension_attributes?: {
    configurable_item_options?: { option_id: string | number; option_value: string | number }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

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
  priceCents: number;
  specialPriceCents: number | null;
  specialFromDate: Date | string | null;
  specialToDate: Date | string | null;
  taxClassId: number;
  categoryIds: number[];
  productOption: ProductOption | null;
  optionLabels: OptionLabel[];
}

interface ProductRow {
  id: number;
  sku: string;
  parent_id: number | null;
  type_id: string;
  name: string;
  status: number;
  price_cents: number;
  special_price_cents: number | null;
  special_from_date: Date | string | null;
  special_to_date: Date | string | null;
  tax_class_id: number;
  category_ids: number[];
  attrs: Record<string, unknown>;
  doc: Record<string, unknown>;
}

const PRODUCT_COLUMNS = `id, sku, parent_id, type_id, name, status, price_cents, special_price_cents, special_from_date,
  special_to_date, tax_class_id, category_ids, attrs, doc`;

/** Attribute labels in cart totals follow Magento's configurable options ("Size", "Color"). */
const OPTION_TITLES: Record<string, string> = { size: 'Size', color: 'Color' };

function attrValues(attrs: Record<string, unknown>, code: string): string[] {
  const raw = attrs[code];
  if (Array.isArray(raw)) return raw.map(String);
  if (raw === undefined || raw === null) return [];
  return [String(raw)];
}

interface AttributeRow {
  attribute_id: number;
  attribute_code: string;
  frontend_label: string;
}

async function loadAttributes(db: Queryable): Promise<Map<string, AttributeRow>> {
  const { rows } = await db.query<AttributeRow>('select attribute_id, attribute_code, frontend_label from attributes');
  const byId = new Map<string, AttributeRow>();
  for (const row of rows) byId.set(String(row.attribute_id), row);
  return byId;
}

/** The parent's configurable attribute codes: its document's configurable_options, else size and colour. */
function configurableCodes(parent: ProductRow, attributes: Map<string, AttributeRow>): string[] {
  const options = parent.doc?.configurable_options;
  if (Array.isArray(options) && options.length > 0) {
    return options
      .map((o: { attribute_code?: string; attribute_id?: string | number }) =>
        o.attribute_code ?? attributes.get(String(o.attribute_id))?.attribute_code)
      .filter((c): c is string => typeof c === 'string');
  }
  return ['color', 'size'].filter((c) => attrValues(parent.attrs, c).length > 0);
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
): Promise<SellableProduct> {
  const { rows } = await db.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products where sku = $1`, [sku]);
  let product = rows[0];
  if (!product) throw notFound(CART_MESSAGES.productNotFound(sku));
  const attributes = await loadAttributes(db);
  const wanted = requestedOptions(option);

  let parent: ProductRow | null = null;
  if (product.type_id === 'configurable') {
    if (wanted.length === 0) throw badRequest(CART_MESSAGES.chooseVariant);
    parent = product;
    const { rows: children } = await db.query<ProductRow>(
      `select ${PRODUCT_COLUMNS} from products where parent_id = $1 order by id`,
      [product.id],
    );
    const child = children.find((c) => matchesOptions(c, wanted, attributes));
    if (!child) throw badRequest(CART_MESSAGES.noSuchConfiguration);
    product = child;
  } else if (product.parent_id !== null) {
    const { rows: parents } = await db.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products where id = $1`, [product.parent_id]);
    if (parents[0]?.type_id === 'configurable') {
      parent = parents[0];
      if (wanted.length > 0 && !matchesOptions(product, wanted, attributes)) throw badRequest(CART_MESSAGES.noSuchConfiguration);
    }
  }
  if (product.type_id === 'grouped') throw badRequest(CART_MESSAGES.chooseVariant);
  if (checkStatus && (product.status >= 2 || (parent && parent.status >= 2))) throw badRequest(CART_MESSAGES.productDisabled(sku));

  let productOption: ProductOption | null = option ?? null;
  const optionLabels: OptionLabel[] = [];
  if (parent) {
    const codes = configurableCodes(parent, attributes);
    const chosen: { option_id: string; option_value: string }[] = [];
    for (const code of codes) {
      const value = attrValues(product.attrs, code)[0];
      const attribute = [...attributes.values()].find((a) => a.attribute_code === code);
      if (value === undefined || !attribute) continue;
      chosen.push({ option_id: String(attribute.attribute_id), option_value: value });
      const { rows: labels } = await db.query<{ label: string }>(
        'select label from attribute_options where attribute_id = $1 and value = $2',
        [attribute.attribute_id, value],
      );
      optionLabels.push({ label: OPTION_TITLES[code] ?? attribute.frontend_label, value: labels[0]?.label ?? value });
    }
    if (wanted.length === 0) {
      productOption = { extension_attributes: { configurable_item_options: chosen } };
    }
  }

  return {
    productId: product.id,
    sku: product.sku,
    parentSku: parent?.sku ?? null,
    productType: parent ? 'configurable' : product.type_id,
    name: parent?.name ?? product.name,
    priceCents: product.price_cents,
    specialPriceCents: product.special_price_cents,
    specialFromDate: product.special_from_date,
    specialToDate: product.special_to_date,
    taxClassId: product.tax_class_id,
    categoryIds: [...new Set([...(product.category_ids ?? []), ...(parent?.category_ids ?? [])])],
    productOption,
    optionLabels,
  };
}

function matchesOptions(
  child: ProductRow,
  wanted: { option_id: string | number; option_value: string | number }[],
  attributes: Map<string, AttributeRow>,
): boolean {
  return wanted.every((w) => {
    const attribute = attributes.get(String(w.option_id));
    return attribute !== undefined && attrValues(child.attrs, attribute.attribute_code).includes(String(w.option_value));
  });
}
