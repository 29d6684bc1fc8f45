import { DEFAULT_SORT, SORT_OPTIONS, sortParam, type SortId } from '../../domain/catalog/sort-options.ts';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import type { ProductDocument } from '../catalog/product-document.ts';
import type { SearchResult } from '../catalog/product-search.ts';

/** Spec 001 §9: search-provider landing defaults limit 24, skip 0. */
export const DEFAULT_LIMIT = 24;

/** The search provider's id and label for each of the shop's sort options (spec 001 §3 landingPage sort options). */
const PROVIDER_SORT_NAMES: Record<Exclude<SortId, 'position'>, { id: string; label: string }> = {
  latest: { id: 'NEWEST', label: 'Nieuwste' },
  price_asc: { id: 'PRICE_ASC', label: 'Prijs laag - hoog' },
  price_desc: { id: 'PRICE_DESC', label: 'Prijs hoog - laag' },
};

/**
 * Sort options a landing or search page offers: relevance first (a landing page's own stored order, a search's
 * score), then the shop's sort options of spec 000 §9 other than position.
 */
export const PROVIDER_SORTS: readonly { id: string; label: string; sort: string | undefined }[] = [
  { id: 'RELEVANCE', label: 'Aanbevolen', sort: undefined },
  ...SORT_OPTIONS.filter((o) => o.id !== DEFAULT_SORT.id).map((o) => ({
    ...PROVIDER_SORT_NAMES[o.id as Exclude<SortId, 'position'>],
    sort: sortParam(o),
  })),
];

export const providerSort = (id: string | undefined) => PROVIDER_SORTS.find((o) => o.id === id) ?? PROVIDER_SORTS[0];

/**
 * The page's `primaryList` (spec 001 §3 landingPage: productGroups, totalHits, sort options and selected, facets)
 * from a catalogue search with aggregations; `selected` marks the facet values the request filtered on.
 */
export function primaryList(
  result: SearchResult<ProductDocument>,
  sortId: string,
  cache: CatalogCache,
  selected: Record<string, string[]> = {},
) {
  const facets = result.attributeMetadata.map((meta) => {
    const m = meta as { attribute_code: string; options: Array<{ value: string; label: string }> };
    const buckets = result.aggregations[`agg_terms_${m.attribute_code}`]?.buckets ?? [];
    const chosen = selected[m.attribute_code] ?? [];
    return {
      id: m.attribute_code,
      label: cache.attributes.get(m.attribute_code)?.frontend_label ?? m.attribute_code,
      type: 'CHECKBOX',
      selectedCount: chosen.length,
      values: buckets.map((b) => ({
        id: b.key,
        label: m.options.find((o) => o.value === b.key)?.label ?? b.key,
        count: b.doc_count,
        selected: chosen.includes(b.key),
      })),
    };
  });
  return {
    productGroups: result.items.map((p) => ({ key: String(p.sku), products: [p] })),
    totalHits: result.total,
    sort: { options: PROVIDER_SORTS.map(({ id, label }) => ({ id, label })), selected: sortId },
    facets,
    priceBuckets: result.aggregations.agg_range_price?.buckets ?? [],
  };
}
