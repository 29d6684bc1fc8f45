import { useNavigate } from '@tanstack/react-router';
import { startTransition, useOptimistic, useState, type ComponentType } from 'react';
import type { SearchResult } from '../../worker/api-types.ts';
import { DEFAULT_SORT, SORT_OPTIONS } from '../../domain/catalog/sort-options.ts';
import { t } from '../lib/i18n/index.ts';
import { Loader } from './loader.tsx';
import { listingState, PAGE_SIZE, withFilter, type ListingSearch } from '../lib/listing-search.ts';
import { ProductTiles } from './product-tile.tsx';
import { trackSelectItem, useTrackItemList } from '../lib/analytics/events.ts';

/** The filter panel a filterable listing shows: the aggregations of the result, the filters chosen in the query. */
export type FacetsComponent = ComponentType<{
  result: SearchResult;
  selected: Record<string, string[]>;
  onToggle: (code: string, value: string) => void;
}>;

/** The listing shared by category, landing and search pages: filters and sort live in the URL query. */
export function ProductListing({
  search,
  result,
  loading,
  Facets,
  listName,
}: {
  search: ListingSearch;
  /** The list's name in analytics (the category's name, 'search'). */
  listName: string;
  result: SearchResult | undefined;
  loading: boolean;
  /** With facets the listing also has the filter toggle and the sort; text search ranks by relevance and has none. */
  Facets?: FacetsComponent;
}) {
  const filterable = Facets !== undefined;
  const navigate = useNavigate();
  // The controls show what the shopper chose from the tap on, not from when the router has moved to it: a ticked
  // filter or a chosen sort stays as tapped (a controlled input would otherwise jump back until then), and the next
  // tap builds on it, so two quick ticks are two filters. The results are the URL's and say they are loading.
  const [shown, show] = useOptimistic(search);
  const state = listingState(shown);
  const resultPage = listingState(search).page;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const go = (next: ListingSearch) =>
    startTransition(async () => {
      show(next);
      await navigate({ to: '.', search: next as never, resetScroll: false });
    });
  const pages = result ? Math.max(1, Math.ceil(result.total / (result.perPage || PAGE_SIZE))) : 1;
  const activeFilters = Object.keys(state.filters).length;
  useTrackItemList(listName, resultPage, result?.items);

  return (
    <div className="listing">
      <div className="listing-toolbar">
        <p className="listing-count" aria-live="polite">
          {result ? (result.total === 1 ? t('1 product') : t('{count} products', { count: result.total })) : '\u00a0'}
        </p>
        {filterable ? (
          <button
            type="button"
            className="btn btn-secondary listing-filter-toggle"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            {t('Filter')}
            {activeFilters ? ` (${activeFilters})` : ''}
          </button>
        ) : null}
        {filterable ? (
          <label className="listing-sort">
            <span>{t('Sort by')}</span>
            <select
              value={state.sort}
              onChange={(e) =>
                go({
                  ...shown,
                  sort: e.target.value === DEFAULT_SORT.id ? undefined : e.target.value,
                  page: undefined,
                })
              }
            >
              {SORT_OPTIONS.map((s) => (
                <option key={s.id} value={s.id}>
                  {t(s.labelKey)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div className="listing-body">
        {filterable ? (
          <aside
            id="listing-filters"
            className={`listing-filters${filtersOpen ? ' is-open' : ''}`}
            aria-label={t('Filters')}
          >
            {result && Facets ? (
              <Facets
                result={result}
                selected={state.filters}
                onToggle={(code, value) => go(withFilter(shown, code, value))}
              />
            ) : null}
            {activeFilters ? (
              <button type="button" className="btn btn-link" onClick={() => go({ sort: shown.sort, q: shown.q })}>
                {t('Clear filters')}
              </button>
            ) : null}
          </aside>
        ) : null}
        <div className="listing-results" aria-busy={loading}>
          {!result && loading ? <Loader /> : null}
          {result && result.items.length === 0 ? (
            <p className="listing-empty">{t('No products match these filters.')}</p>
          ) : null}
          {result ? <h2 className="visually-hidden">{t('Products')}</h2> : null}
          {result ? (
            <ProductTiles
              products={result.items}
              className="product-grid"
              priority={2}
              onSelect={(product, position) => trackSelectItem(listName, resultPage, position, product)}
            />
          ) : null}
          {pages > 1 ? (
            <nav className="pager" aria-label={t('Page {page} of {pages}', { page: state.page, pages })}>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={state.page <= 1}
                onClick={() => go({ ...shown, page: state.page > 2 ? String(state.page - 1) : undefined })}
              >
                {t('Previous page')}
              </button>
              <span>{t('Page {page} of {pages}', { page: state.page, pages })}</span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={state.page >= pages}
                onClick={() => go({ ...shown, page: String(state.page + 1) })}
              >
                {t('Next page')}
              </button>
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}
