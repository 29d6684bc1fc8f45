import type { RecommendationTile, RecommendationTiles } from '../../domain/search-provider/recommendation-tile.ts';
import type { SearchResult } from '../api-types.ts';
import type { LandingPageQuery } from '../../domain/search-provider/landing-page.ts';
import type { ProviderNotification } from './notifications.ts';

export type { RecommendationTile, RecommendationTiles } from '../../domain/search-provider/recommendation-tile.ts';
export type { ProviderNotification } from './notifications.ts';

/** The header's suggestions for what is typed (spec 001 §7 "POST autocomplete"). */
export interface AutocompleteResult {
  q: string;
  products: RecommendationTile[];
  phrases: string[];
  /** The query with misspelt words corrected, when the shop knows better words (the results page's did-you-mean). */
  didYouMean: string | null;
  /** Not from the network: the device is offline (`cache`: the last answer for this query on this device). */
  offline: boolean;
  cache: boolean;
}

export type { LandingPageQuery };

/**
 * A provider landing page (spec 001 §3 "landingPage"): heading, texts, breadcrumbs and its product list shaped as a
 * catalogue search result (facets as aggregations with their labels), so it renders as every other listing.
 */
export interface LandingPage {
  heading: string;
  texts: string[];
  breadcrumbs: { label: string; path: string }[];
  result: SearchResult;
}

export interface SearchProviderApi {
  /** Network first; offline the last answer for the same words, or an empty one with `offline`. */
  autocomplete(q: string): Promise<AutocompleteResult>;
  /** Null when the provider has no such published page; offline the cached page, else a rejection. */
  landingPage(query: LandingPageQuery): Promise<LandingPage | null>;
  /** ALTERNATIVES and STYLE_WITH of a product, or ADD_TO_CART_RECS of the cart's parent skus; 8 per list. */
  recommendations(request: { productKey: string } | { cart: string[] }): Promise<RecommendationTiles[]>;
  /** Fire-and-forget: resolves once stored on the device. */
  notifySearchProvider(notification: ProviderNotification): Promise<void>;
}
