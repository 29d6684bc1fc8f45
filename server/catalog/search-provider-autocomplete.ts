import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AutocompleteBody, type AutocompleteResponse } from '../../contract/search-provider.ts';
import { ok } from '../http/envelope.ts';
import { catalogCache } from './catalog-cache.ts';
import { searchProducts } from './product-search.ts';
import { providerProduct } from './search-provider-products.ts';
import { priceContext, requireStoreCode, storeCodeQuery } from './store-context.ts';
import { resolveText, type TextQuery } from './text-query.ts';

/** Products and phrases in the search panel's list: enough for a phone's screen above its keyboard. */
const PRODUCT_SUGGESTIONS = 5;
const PHRASE_SUGGESTIONS = 5;

/**
 * The phrases the search panel offers: the did-you-mean first, then the typed words with the last one completed or
 * corrected to each catalogue word it stands for, most common first ("overh" → "overhemd", "overhemden").
 */
function phraseSuggestions(text: TextQuery): string[] {
  const last = text.words.at(-1);
  const head = text.words.slice(0, -1).map((w) => w.best);
  const completions = (last?.alternatives ?? []).map((word) => [...head, word].join(' '));
  return [...new Set([...(text.didYouMean ? [text.didYouMean] : []), ...completions])].slice(0, PHRASE_SUGGESTIONS);
}

/**
 * The provider's autocomplete (spec 001 §7 "POST autocomplete | q; response productSuggestions (products[0]) and
 * phraseSuggestions"): the best products of the shop's text search, phrases of the shop's own words, and a
 * did-you-mean for the search results page.
 */
const searchProviderAutocomplete: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/search-provider/autocomplete',
    { schema: { body: AutocompleteBody, querystring: storeCodeQuery } },
    async (request, reply) => {
      const storeCode = requireStoreCode(request.query.storeCode ?? 'nl');
      const q = request.body.q.trim();
      const cache = await catalogCache(app.db);
      // One lookup of the words in the catalogue's vocabulary (text-query.ts) gives the products, the phrases and the
      // did-you-mean alike. The shopper is still typing, so the last word also stands for the words it begins.
      const text = await resolveText(app.db, q, true);
      const products = await searchProducts(
        app.db,
        { text: q, start: 0, size: PRODUCT_SUGGESTIONS, excludeFields: ['description'] },
        priceContext(storeCode, app.now(), cache),
        cache,
        text,
      );
      const answer: AutocompleteResponse = {
        productSuggestions: products.items.map((p) => ({
          key: String(p.sku),
          products: [providerProduct(p, `autocomplete:${String(p.sku)}`)],
        })),
        phraseSuggestions: phraseSuggestions(text).map((phrase) => ({ q: phrase })),
        didYouMean: text.didYouMean,
      };
      return ok(reply, answer);
    },
  );
};
export default searchProviderAutocomplete;
