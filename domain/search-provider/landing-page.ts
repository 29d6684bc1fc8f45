import type { Product } from '../../contract/catalog.ts';
import type { SortId } from '../catalog/sort-options.ts';

/**
 * A search-provider landing page (spec 001 §3 "landingPage", the dispatcher's fallback step 2 of spec 000 §2): the
 * request the shop sends for a page of it and the page the app renders from the provider's answer. The worker asks
 * over HTTP, the server rendering a page asks its own service; both shape the answer here, so the page the server
 * renders is the one the app hydrates.
 */

/** Spec 001 §9 "Search-provider landing defaults: limit 24, skip 0". */
export const LANDING_PAGE_SIZE = 24;

/** The shop's sort ids (route query) as the provider's; the default is the page's own order (RELEVANCE). */
const PROVIDER_SORT: Record<SortId, string | undefined> = {
  position: undefined,
  latest: 'NEWEST',
  price_asc: 'PRICE_ASC',
  price_desc: 'PRICE_DESC',
};

export interface LandingPageQuery {
  urlPath: string;
  page?: number;
  sort?: SortId;
  /** attribute_code → chosen option values, from the route query */
  filters?: Record<string, string[]>;
}

/** The provider's query string for a landing page query (`filters` a JSON object, spec 001 §7). */
export function landingRequest({ urlPath, page = 1, sort = 'position', filters = {} }: LandingPageQuery) {
  const skip = (Math.max(1, page) - 1) * LANDING_PAGE_SIZE;
  // the provider's facets are attribute options; a price range has no facet on a landing page
  const chosen = Object.fromEntries(Object.entries(filters).filter(([code, v]) => code !== 'price' && v.length));
  return {
    url_path: urlPath,
    skip,
    limit: LANDING_PAGE_SIZE,
    sort: PROVIDER_SORT[sort],
    filters: Object.keys(chosen).length ? JSON.stringify(chosen) : undefined,
  };
}

export interface LandingAnswer<P = Product> {
  primaryList: {
    productGroups: { key: string; products: P[] }[];
    totalHits: number;
    facets: { id: string; label: string; values: { id: string; label: string; count: number }[] }[];
  };
  navigation?: { breadcrumbs?: { label: string; path: string }[] };
  seo?: { pageHeading?: string };
  contentLists?: { items?: { description?: string }[] }[];
}

/** The page the app renders: heading, texts, breadcrumbs and the product list shaped as a catalogue listing. */
export function landingPageOf<P>(answer: LandingAnswer<P>, start: number, offline: boolean, cache: boolean) {
  const list = answer.primaryList;
  const items = list.productGroups.flatMap((g) => (g.products[0] ? [g.products[0]] : []));
  return {
    heading: answer.seo?.pageHeading ?? '',
    texts: (answer.contentLists ?? []).flatMap((l) =>
      (l.items ?? []).flatMap((i) => (typeof i.description === 'string' && i.description ? [i.description] : [])),
    ),
    breadcrumbs: answer.navigation?.breadcrumbs ?? [],
    result: {
      items,
      total: list.totalHits,
      start,
      perPage: LANDING_PAGE_SIZE,
      // the provider's facets as the catalogue's aggregations, so the page's filter panel is the listing's own
      aggregations: Object.fromEntries(
        list.facets.map((f) => [
          `agg_terms_${f.id}`,
          { buckets: f.values.map((v) => ({ key: v.id, doc_count: v.count })) },
        ]),
      ),
      attributeMetadata: list.facets.map((f) => ({
        attribute_code: f.id,
        frontend_label: f.label,
        options: f.values.map((v) => ({ value: v.id, label: v.label })),
      })),
      offline,
      cache,
      noresults: items.length === 0,
    },
  };
}
