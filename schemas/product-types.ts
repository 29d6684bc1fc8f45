/**
 * The catalogue's product document as the API returns it (spec 000 §3 "Product"), vue-storefront style, prices in
 * euros. Only the fields the storefront reads are typed; everything else passes through untouched.
 */
export interface ProductStock {
  is_in_stock: boolean;
  qty: number;
  manage_stock?: boolean;
  [key: string]: unknown;
}

export interface ConfigurableOptionValue {
  value_index: number | string;
  label: string;
  [key: string]: unknown;
}

export interface ConfigurableOption {
  attribute_id: number | string;
  attribute_code: string;
  label: string;
  values: ConfigurableOptionValue[];
  [key: string]: unknown;
}

export interface ProductLink {
  link_type: string;
  linked_product_sku: string;
  linked_product_type?: string;
  position?: number;
  qty?: number;
  [key: string]: unknown;
}

export interface ConfigurableChild {
  id: number;
  sku: string;
  status?: number;
  stock?: ProductStock;
  price_incl_tax?: number;
  [attributeCode: string]: unknown;
}

export interface Product {
  id: number;
  sku: string;
  name: string;
  type_id: 'simple' | 'configurable' | 'grouped' | 'bundle' | 'virtual' | string;
  status: number;
  visibility: number;
  url_key?: string;
  url_path?: string;
  slug?: string;
  parentSku?: string;
  parentId?: number;
  brand?: string;
  price?: number;
  price_incl_tax?: number;
  original_price_incl_tax?: number;
  special_price_incl_tax?: number;
  final_price?: number;
  image?: string;
  media_gallery?: unknown[];
  category_ids?: number[];
  stock?: ProductStock;
  configurable_children?: ConfigurableChild[];
  configurable_options?: ConfigurableOption[];
  product_links?: ProductLink[];
  /** Working fields (spec 000 §3): error slots block adding to cart. */
  errors?: Record<string, string | null>;
  info?: Record<string, string | null>;
  qty?: number;
  is_configured?: boolean;
  [key: string]: unknown;
}

export interface Category {
  id: number;
  parent_id: number | null;
  name: string;
  slug?: string;
  level?: number;
  path?: string;
  position?: number;
  is_active?: boolean;
  product_count?: number;
  children_data?: Category[];
  children_count?: number;
  url_key?: string;
  url_path?: string;
  [key: string]: unknown;
}
