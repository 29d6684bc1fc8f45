import { Type, type Static } from 'typebox';

/**
 * The search provider's wire shapes (spec 001 §7 "POST autocomplete", "POST product page by productKey", "POST cart
 * page", "POST notifications"; §3 "Recommendation tile product"), served by server/catalog/search-provider-*.ts.
 */

export const RECOMMENDATION_ALGORITHMS = ['ALTERNATIVES', 'STYLE_WITH', 'ADD_TO_CART_RECS'] as const;
export type RecommendationAlgorithm = (typeof RECOMMENDATION_ALGORITHMS)[number];

/** Spec 001 §7 "POST notifications | types add-to-cart, click, end, add-favorite, remove-favorite". */
export const NOTIFICATION_TYPES = ['add-to-cart', 'click', 'end', 'add-favorite', 'remove-favorite'] as const;
export type ProviderNotificationType = (typeof NOTIFICATION_TYPES)[number];

const Key = Type.String({ minLength: 1, maxLength: 64 });

/** Spec 001 §3 "Recommendation identity": both keys travel with every provider call that learns from the shopper. */
const Identity = {
  sessionKey: Type.String({ minLength: 1, maxLength: 64 }),
  customerKey: Type.String({ minLength: 1, maxLength: 64 }),
};

export const AutocompleteBody = Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) });
export type AutocompleteBody = Static<typeof AutocompleteBody>;

export const ProductPageBody = Type.Object({ productKey: Key });
export type ProductPageBody = Static<typeof ProductPageBody>;

/** Spec 001 §7 "cart keys joined by |": the parent skus of the cart's lines. */
export const CartPageBody = Type.Object({ cart: Type.String({ minLength: 1, maxLength: 2000 }) });
export type CartPageBody = Static<typeof CartPageBody>;

export const NotificationBody = Type.Object({
  type: Type.Union([
    Type.Literal('add-to-cart'),
    Type.Literal('click'),
    Type.Literal('end'),
    Type.Literal('add-favorite'),
    Type.Literal('remove-favorite'),
  ]),
  ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  productKey: Type.Optional(Key),
  ...Identity,
});
export type NotificationBody = Static<typeof NotificationBody>;

/** A product as the provider lists it (spec 001 §3 "Recommendation tile product"); the worker maps it to a tile. */
export interface ProviderProduct {
  key: string;
  title: string;
  link: string;
  ticket: string;
  inStock: boolean;
  brand: string | null;
  swatches: { colors: string[] };
  custom: { productId: { id: string }[] };
  typedCustom: { json: { product_labels: string[]; tritonx_mm: string[] } };
  badges: { primary: { label: string; discount_percentage?: string }[] };
  imageInfo: { images: { url: string }[] };
  /** euros incl. tax, as the catalogue documents carry them: the regular price and what the shopper pays today */
  price: number;
  final_price_incl_tax: number;
  name: string;
  url_path: string;
  type_id: string;
}

export interface ProductGroup {
  key: string;
  products: ProviderProduct[];
}

export interface RecommendationList {
  algorithm: RecommendationAlgorithm;
  productGroups: ProductGroup[];
}

export interface RecommendationsResponse {
  recommendationLists: RecommendationList[];
}

export interface AutocompleteResponse {
  /** Each suggestion's first product is the one to show (spec 001 §7 "productSuggestions (products[0])"). */
  productSuggestions: ProductGroup[];
  phraseSuggestions: { q: string }[];
  /** The query with each word replaced by the shop's nearest known word, when that differs (did-you-mean). */
  didYouMean: string | null;
}
