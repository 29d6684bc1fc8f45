import { productPrices, type PricedProduct } from '../catalog/product-prices.ts';
import type { ProductOption } from './types.ts';
import { DEFAULT_SIZE_SYSTEM, sizeText, type SizeConversion, type SizeSystem } from '../catalog/size-conversion.ts';

/**
 * What a cart line shows (spec 000 §3 "Cart item" display fields, spec 001 §3 option mapping for size and colour):
 * copied from the product when the line is made, so the cart renders offline. Prices keep the product document's
 * unit, euros incl. tax; the worker turns them into cents for the UI.
 */
export type CartLineDisplay = {
  name: string;
  image?: string;
  url_path?: string;
  /** The configurable parent's sku when the line sells one of its children (cart edit mode loads it). */
  parentSku?: string;
  type_id?: string;
  /** The chosen colour as the shopper read it on the product page ("Navy"). */
  colour_label?: string;
  /** The chosen size as the shop labels it ("M", "W32 L34", "50"). */
  size_label?: string;
  /** The size system the shopper read sizes in on the product page (default UK, spec 001 §3). */
  size_system?: SizeSystem;
  /** The chosen size as every screen shows it, in that system with the EU size beside it ("UK 40 (EU 50)"). */
  size_text?: string;
  /** The unit price the shopper saw: the special price when one applies. */
  price_incl_tax?: number;
  /** The regular price, shown struck through next to a special one. */
  original_price_incl_tax?: number;
};

/** A configurable child as the product document nests it: its attribute values and `<code>_label` texts. */
export interface DisplayChild extends PricedProduct {
  sku: string;
  image?: string;
  [attributeCode: string]: unknown;
}

/** The fields of the catalogue's product document (spec 000 §3 "Product") a cart line's display is built from. */
export interface DisplayProduct extends PricedProduct {
  sku: string;
  name: string;
  type_id?: string;
  image?: string;
  url_path?: string;
  color_label?: unknown;
  /** The product's own size table (spec 001 §3 size_conversion); a listing's document may not carry it. */
  size_conversion?: unknown;
  configurable_children?: DisplayChild[];
  configurable_options?: ReadonlyArray<{
    attribute_id?: number | string;
    attribute_code: string;
    values?: ReadonlyArray<{ value_index: number | string; label: string }>;
  }>;
}

/** The variant the shopper chose: the child's sku, or the configurable options the server line carries. */
export interface ChosenVariant {
  sku?: string;
  product_option?: ProductOption | Record<string, unknown> | null;
  /** The system the sizes were read in; a line made without a product page (server, wishlist) reads the default. */
  size_system?: SizeSystem;
}

/** A size of `product` as every screen after the product page names it (domain/catalog/size-conversion.ts sizeText). */
export function productSizeText(
  product: Pick<DisplayProduct, 'size_conversion' | 'configurable_options'>,
  sizeLabel: string,
  system: SizeSystem = DEFAULT_SIZE_SYSTEM,
): string {
  const labels = product.configurable_options?.find((o) => o.attribute_code === 'size')?.values?.map((v) => v.label);
  return sizeText(product.size_conversion as SizeConversion | undefined, labels ?? [sizeLabel], sizeLabel, system);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function chosenChild(product: DisplayProduct, chosen: ChosenVariant): DisplayChild | undefined {
  const children = product.configurable_children ?? [];
  const bySku = chosen.sku ? children.find((c) => c.sku === chosen.sku) : undefined;
  if (bySku) return bySku;
  const options =
    (chosen.product_option as ProductOption | null | undefined)?.extension_attributes?.configurable_item_options ?? [];
  if (options.length === 0) return undefined;
  const codeOf = (optionId: number | string) =>
    product.configurable_options?.find((o) => String(o.attribute_id) === String(optionId))?.attribute_code;
  return children.find((child) =>
    options.every((o) => {
      const code = codeOf(o.option_id);
      return code !== undefined && String(child[code]) === String(o.option_value);
    }),
  );
}

/** A child's label for one configurable attribute: its own `<code>_label`, else the option value's label. */
function optionLabel(product: DisplayProduct, child: DisplayChild | undefined, code: string): string | undefined {
  if (!child) return undefined;
  const own = text(child[`${code}_label`]);
  if (own) return own;
  const option = product.configurable_options?.find((o) => o.attribute_code === code);
  return text(option?.values?.find((v) => String(v.value_index) === String(child[code]))?.label);
}

/**
 * The display value of a cart line for `product` with the chosen variant (spec 001 §3 "Cart edit mode" option
 * mapping: size and colour with their labels). Used by the product page (add to cart), cart edit mode (another
 * variant) and the worker for lines the server brought, so every cart line shows the same fields.
 */
export function cartLineDisplay(product: DisplayProduct, chosen: ChosenVariant = {}): CartLineDisplay {
  const child = chosenChild(product, chosen);
  const { price, special } = productPrices({ ...product, ...child });
  const sizeLabel = optionLabel(product, child, 'size');
  const system = chosen.size_system ?? DEFAULT_SIZE_SYSTEM;
  const display: CartLineDisplay = { name: product.name };
  const fields: Partial<CartLineDisplay> = {
    image: text(product.image) ?? text(child?.image),
    url_path: text(product.url_path),
    parentSku: child ? product.sku : undefined,
    type_id: product.type_id,
    // one colour per parent in this catalogue: the parent's colour is the child's unless the child says otherwise
    colour_label: optionLabel(product, child, 'color') ?? text(product.color_label),
    size_label: sizeLabel,
    size_system: sizeLabel !== undefined ? system : undefined,
    size_text: sizeLabel !== undefined ? productSizeText(product, sizeLabel, system) : undefined,
    price_incl_tax: special ?? price ?? child?.price_incl_tax ?? product.price_incl_tax,
    original_price_incl_tax: price,
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(display, { [key]: value });
  return display;
}

/** The chosen variant as one line of text, "Navy · M" (the order of the product page: colour, then size). */
export function variantText(parts: ReadonlyArray<string | null | undefined>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
}

export function lineVariantText(
  display: Pick<CartLineDisplay, 'colour_label' | 'size_label' | 'size_text'> | null | undefined,
): string {
  return variantText([display?.colour_label, display?.size_text ?? display?.size_label]);
}
