import type { Product } from '../../contract/catalog.ts';
import type { AutocompleteResponse, RecommendationsResponse } from '../../contract/search-provider.ts';
import type { SortId } from '../../domain/catalog/sort-options.ts';
import { RECOMMENDATION_LIMIT, tilesOf } from '../../domain/search-provider/recommendation-tile.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { WorkerContext } from '../context.ts';
import type { AutocompleteResult, LandingPage, SearchProviderApi } from './api-types.ts';
import { providerCall } from './provider-call.ts';

/** Spec 001 §9 "Search-provider landing defaults: limit 24, skip 0". */
export const LANDING_PAGE_SIZE = 24;

const ENDPOINTS = {
  autocomplete: '/api/search-provider/autocomplete',
  landingPage: '/api/search-provider/landing-page',
  productPage: '/api/search-provider/product-page',
  cartPage: '/api/search-provider/cart-page',
};

/** The shop's sort ids (route query) as the provider's; the default is the page's own order (RELEVANCE). */
const PROVIDER_SORT: Record<SortId, string | undefined> = {
  position: undefined,
  latest: 'NEWEST',
  price_asc: 'PRICE_ASC',
  price_desc: 'PRICE_DESC',
};

interface LandingAnswer {
  primaryList: {
    productGroups: { key: string; products: Product[] }[];
    totalHits: number;
    facets: { id: string; label: string; values: { id: string; label: string; count: number }[] }[];
  };
  navigation?: { breadcrumbs?: { label: string; path: string }[] };
  seo?: { pageHeading?: string };
  contentLists?: { items?: { description?: string }[] }[];
}

function landingPage(answer: LandingAnswer, start: number, offline: boolean, cache: boolean): LandingPage {
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

/** The search provider's storefront side (spec 001 §7): autocomplete, landing pages, recommendations, notifications. */
export function searchProviderApi(ctx: WorkerContext, { engine, started }: ContextEngine): SearchProviderApi {
  return {
    async autocomplete(q): Promise<AutocompleteResult> {
      const words = q.trim().replace(/\s+/g, ' ');
      const answer = await providerCall<AutocompleteResponse>(ctx, {
        path: ENDPOINTS.autocomplete,
        body: { q: words },
      });
      const value = answer.value;
      return {
        q: words,
        products: tilesOf(value?.productSuggestions ?? []),
        phrases: (value?.phraseSuggestions ?? []).map((p) => p.q),
        didYouMean: value?.didYouMean ?? null,
        offline: answer.offline,
        cache: answer.cache,
      };
    },

    async landingPage({ urlPath, page = 1, sort = 'position', filters = {} }): Promise<LandingPage | null> {
      const skip = (Math.max(1, page) - 1) * LANDING_PAGE_SIZE;
      // the provider's facets are attribute options; a price range has no facet on a landing page
      const chosen = Object.fromEntries(Object.entries(filters).filter(([code, v]) => code !== 'price' && v.length));
      const answer = await providerCall<LandingAnswer>(ctx, {
        path: ENDPOINTS.landingPage,
        query: {
          url_path: urlPath,
          skip,
          limit: LANDING_PAGE_SIZE,
          sort: PROVIDER_SORT[sort],
          filters: Object.keys(chosen).length ? JSON.stringify(chosen) : undefined,
        },
      });
      if (!answer.value?.primaryList) {
        if (answer.offline) throw new Error('The landing page is not available offline');
        return null;
      }
      return landingPage(answer.value, skip, answer.offline, answer.cache);
    },

    async recommendations(request) {
      const answer =
        'productKey' in request
          ? await providerCall<RecommendationsResponse>(ctx, {
              path: ENDPOINTS.productPage,
              body: { productKey: request.productKey },
            })
          : request.cart.length
            ? await providerCall<RecommendationsResponse>(ctx, {
                path: ENDPOINTS.cartPage,
                body: { cart: [...new Set(request.cart)].join('|') },
              })
            : null;
      return (answer?.value?.recommendationLists ?? []).map((l) => ({
        algorithm: l.algorithm,
        tiles: tilesOf(l.productGroups).slice(0, RECOMMENDATION_LIMIT),
      }));
    },

    async notifySearchProvider(notification) {
      await started;
      await engine.providerNotifier.send(notification);
    },
  };
}
