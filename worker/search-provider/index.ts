import type { AutocompleteResponse, RecommendationsResponse } from '../../contract/search-provider.ts';
import { RECOMMENDATION_LIMIT, tilesOf } from '../../domain/search-provider/recommendation-tile.ts';
import { landingPageOf, landingRequest, type LandingAnswer } from '../../domain/search-provider/landing-page.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { WorkerContext } from '../context.ts';
import type { AutocompleteResult, LandingPage, SearchProviderApi } from './api-types.ts';
import { providerCall } from './provider-call.ts';
import { NetworkError } from '../http/errors.ts';

const ENDPOINTS = {
  autocomplete: '/api/search-provider/autocomplete',
  landingPage: '/api/search-provider/landing-page',
  productPage: '/api/search-provider/product-page',
  cartPage: '/api/search-provider/cart-page',
};

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

    async landingPage(query): Promise<LandingPage | null> {
      const request = landingRequest(query);
      const answer = await providerCall<LandingAnswer>(ctx, { path: ENDPOINTS.landingPage, query: request });
      if (!answer.value?.primaryList) {
        // offline without a kept answer: not on this device, which says nothing about whether the page exists
        if (answer.offline) throw new NetworkError('The landing page is not available offline', 'OFFLINE');
        return null;
      }
      return landingPageOf(answer.value, request.skip, answer.offline, answer.cache);
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
