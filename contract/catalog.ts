import { Type, type Static, type TProperties } from 'typebox';

/**
 * The catalogue's product and category documents as `POST /api/catalog/{store}/{product,category}/_search` answers
 * them (spec 000 §3 "Product"), vue-storefront style, prices in euros. Only the fields the storefront reads are
 * declared; every other field passes through untouched (an index signature of unknowns).
 */
const Open = <T extends TProperties>(properties: T) =>
  Type.Intersect([Type.Object(properties), Type.Record(Type.String(), Type.Unknown())]);

export const ProductStock = Open({
  is_in_stock: Type.Boolean(),
  qty: Type.Number(),
  manage_stock: Type.Optional(Type.Boolean()),
});
export type ProductStock = Static<typeof ProductStock>;

export const ConfigurableOptionValue = Open({
  value_index: Type.Union([Type.Number(), Type.String()]),
  label: Type.String(),
});
export type ConfigurableOptionValue = Static<typeof ConfigurableOptionValue>;

export const ConfigurableOption = Open({
  attribute_id: Type.Union([Type.Number(), Type.String()]),
  attribute_code: Type.String(),
  label: Type.String(),
  values: Type.Array(ConfigurableOptionValue),
});
export type ConfigurableOption = Static<typeof ConfigurableOption>;

export const ProductLink = Open({
  link_type: Type.String(),
  linked_product_sku: Type.String(),
  linked_product_type: Type.Optional(Type.String()),
  position: Type.Optional(Type.Number()),
  qty: Type.Optional(Type.Number()),
});
export type ProductLink = Static<typeof ProductLink>;

/** A variant of a configurable product; its attribute values (color, size …) are keys named by attribute code. */
export const ConfigurableChild = Open({
  id: Type.Number(),
  sku: Type.String(),
  status: Type.Optional(Type.Number()),
  stock: Type.Optional(ProductStock),
  price_incl_tax: Type.Optional(Type.Number()),
});
export type ConfigurableChild = Static<typeof ConfigurableChild>;

const textSlots = Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]));

export const Product = Open({
  id: Type.Number(),
  sku: Type.String(),
  name: Type.String(),
  /** simple, configurable, grouped, bundle, virtual … */
  type_id: Type.String(),
  status: Type.Number(),
  visibility: Type.Number(),
  url_key: Type.Optional(Type.String()),
  url_path: Type.Optional(Type.String()),
  slug: Type.Optional(Type.String()),
  parentSku: Type.Optional(Type.String()),
  parentId: Type.Optional(Type.Number()),
  brand: Type.Optional(Type.String()),
  price: Type.Optional(Type.Number()),
  price_incl_tax: Type.Optional(Type.Number()),
  original_price_incl_tax: Type.Optional(Type.Number()),
  special_price_incl_tax: Type.Optional(Type.Number()),
  final_price: Type.Optional(Type.Number()),
  image: Type.Optional(Type.String()),
  media_gallery: Type.Optional(Type.Array(Type.Unknown())),
  category_ids: Type.Optional(Type.Array(Type.Number())),
  stock: Type.Optional(ProductStock),
  configurable_children: Type.Optional(Type.Array(ConfigurableChild)),
  configurable_options: Type.Optional(Type.Array(ConfigurableOption)),
  product_links: Type.Optional(Type.Array(ProductLink)),
  /** Working fields the device adds (spec 000 §3): error slots block adding to cart. */
  errors: Type.Optional(textSlots),
  info: Type.Optional(textSlots),
  qty: Type.Optional(Type.Number()),
  is_configured: Type.Optional(Type.Boolean()),
});
export type Product = Static<typeof Product>;

/** A category with its subtree (`children_data`), as the category search answers it. */
export const Category = Type.Cyclic(
  {
    Category: Open({
      id: Type.Number(),
      parent_id: Type.Union([Type.Number(), Type.Null()]),
      name: Type.String(),
      slug: Type.Optional(Type.String()),
      level: Type.Optional(Type.Number()),
      path: Type.Optional(Type.String()),
      position: Type.Optional(Type.Number()),
      is_active: Type.Optional(Type.Boolean()),
      product_count: Type.Optional(Type.Number()),
      children_data: Type.Optional(Type.Array(Type.Ref('Category'))),
      children_count: Type.Optional(Type.Number()),
      url_key: Type.Optional(Type.String()),
      url_path: Type.Optional(Type.String()),
    }),
  },
  'Category',
);
export type Category = Static<typeof Category>;
