import type { ColourCode } from './attributes.ts';
import type { SpecialPrice } from './pricing.ts';

export interface SeedProduct {
  id: number;
  sku: string;
  parentId: number | null;
  typeId: 'simple' | 'configurable' | 'grouped' | 'bundle';
  name: string;
  description: string;
  urlKey: string;
  urlPath: string;
  status: 1 | 2;
  visibility: 1 | 4;
  brand: string;
  priceCents: number;
  special: SpecialPrice;
  taxClassId: number;
  categoryIds: number[];
  categoryNames: string[];
  attrs: Record<string, string[]>;
  position: number;
  doc: Record<string, unknown>;
  createdAt: Date;
  stock: { qty: number; isInStock: boolean; manageStock: boolean };
  tierPrices: { groupId: number; qty: number; cents: number }[];
  /** configurable child: the parent's url_path its own url redirects to (301) */
  redirectTo?: string;
}

export interface SeedLink {
  productId: number;
  linkType: 'associated' | 'colorrelation';
  linkedId: number;
  linkedSku: string;
  position: number;
  qty: number;
}

export interface Catalogue {
  products: SeedProduct[];
  links: SeedLink[];
  /** every image file a product refers to: `${shape}:${colour}` → file name */
  images: Map<string, { shape: string; colour: ColourCode; file: string }>;
}
