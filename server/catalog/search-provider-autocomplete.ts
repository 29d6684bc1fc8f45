import type { FastifyPluginAsync } from 'fastify';
import { AutocompleteBody, type AutocompleteResponse } from '../../contract/search-provider.ts';
import type { Queryable } from '../db/index.ts';
import { ok } from '../http/envelope.ts';
import { catalogCache } from './catalog-cache.ts';
import { searchProducts } from './product-search.ts';
import { providerProduct } from './search-provider-products.ts';
import { priceContext, requireStoreCode } from './store-context.ts';

/** Products and phrases in the search panel's list: enough for a phone's screen above its keyboard. */
const PRODUCT_SUGGESTIONS = 5;
const PHRASE_SUGGESTIONS = 5;
/** pg_trgm's own default threshold for a "similar" word. */
const SIMILAR = 0.3;

/**
 * The shop's words a shopper searches with: category names and the labels of filterable attributes (colours,
 * brands, materials). Phrases are suggested from them, and misspelt words are corrected to them.
 */
async function vocabulary(db: Queryable): Promise<string[]> {
  const cache = await catalogCache(db);
  const { rows } = await db.query<{ name: string }>(
    'select distinct lower(name) as name from categories where is_active and level > 1',
  );
  const labels = [...cache.attributes.values()]
    .filter((a) => a.is_filterable)
    .flatMap((a) => a.options.map((o) => o.label.toLowerCase()));
  return [...new Set([...rows.map((r) => r.name), ...labels])];
}

/** Each word of `q` replaced by the most similar known word; null when every word is known or none is close. */
async function didYouMean(db: Queryable, q: string, words: string[]): Promise<string | null> {
  const known = new Set(words.flatMap((w) => w.split(/\s+/)));
  const parts = q.toLowerCase().split(/\s+/).filter(Boolean);
  let changed = false;
  const corrected: string[] = [];
  for (const part of parts) {
    if (known.has(part)) {
      corrected.push(part);
      continue;
    }
    const { rows } = await db.query<{ w: string }>(
      `select w from unnest($1::text[]) w where similarity(w, $2) >= $3 order by similarity(w, $2) desc, w limit 1`,
      [[...known], part, SIMILAR],
    );
    const best = rows[0]?.w;
    if (best && best !== part) changed = true;
    corrected.push(best ?? part);
  }
  return changed ? corrected.join(' ') : null;
}

/**
 * The provider's autocomplete (spec 001 §7 "POST autocomplete | q; response productSuggestions (products[0]) and
 * phraseSuggestions"): the best products of the shop's text search, phrases of the shop's own words, and a
 * did-you-mean for the search results page.
 */
const searchProviderAutocomplete: FastifyPluginAsync = async (app) => {
  app.post<{ Body: AutocompleteBody; Querystring: { storeCode?: string } }>(
    '/search-provider/autocomplete',
    {
      schema: {
        body: AutocompleteBody,
        querystring: { type: 'object', properties: { storeCode: { type: 'string', enum: ['nl', 'be'] } } },
      },
    },
    async (request, reply) => {
      const storeCode = requireStoreCode(request.query.storeCode ?? 'nl');
      const q = request.body.q.trim();
      const cache = await catalogCache(app.db);
      const products = await searchProducts(
        app.db,
        { text: q, start: 0, size: PRODUCT_SUGGESTIONS, excludeFields: ['description'] },
        priceContext(storeCode, app.now(), cache),
        cache,
      );
      const words = await vocabulary(app.db);
      const corrected = await didYouMean(app.db, q, words);
      const { rows } = await app.db.query<{ w: string }>(
        `select w from unnest($1::text[]) w where word_similarity($2, w) >= $3
          order by word_similarity($2, w) desc, length(w), w limit $4`,
        [words, corrected ?? q.toLowerCase(), SIMILAR, PHRASE_SUGGESTIONS],
      );
      const phrases = [...new Set([...(corrected ? [corrected] : []), ...rows.map((r) => r.w)])];
      const answer: AutocompleteResponse = {
        productSuggestions: products.items.map((p) => ({
          key: String(p.sku),
          products: [providerProduct(p, `autocomplete:${String(p.sku)}`)],
        })),
        phraseSuggestions: phrases.slice(0, PHRASE_SUGGESTIONS).map((phrase) => ({ q: phrase })),
        didYouMean: corrected,
      };
      return ok(reply, answer);
    },
  );
};
export default searchProviderAutocomplete;
