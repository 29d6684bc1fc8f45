import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isValidSearchTerm, SEARCH_TERM_MIN_LENGTH } from '../../../domain/validation/index.ts';
import { prefetchKey } from '../../../domain/page-data.ts';
import { t } from './search-texts.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useOnline } from '../../lib/online.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { listingState, PAGE_SIZE, type ListingSearch } from '../../lib/listing-search.ts';
import { ProductListing } from '../../ui/product-listing.tsx';
import { Facets } from '../../ui/facets.tsx';
import { SearchField } from '../../ui/field.tsx';
import { useTrackSearch } from '../../lib/analytics/events.ts';

/**
 * "Bedoelde je …?" (spec 001 §3 "Search result … suggestions"): the provider's correction of misspelt words, from
 * the same autocomplete answer the header asked for (so offline too, from the device's cache).
 */
function DidYouMean({ q, path }: { q: string; path: string }) {
  const suggestion = useAsync(`did-you-mean:${q}`, () => shop().autocomplete(q));
  const better = suggestion.status === 'success' ? suggestion.data.didYouMean : null;
  if (!better || better === q.toLowerCase()) return null;
  return (
    <p className="did-you-mean">
      {t('Did you mean')}{' '}
      <Link to={path} search={{ q: better } as never}>
        {better}
      </Link>
      ?
    </p>
  );
}

/** How soon a search answered offline is asked again once the connection is back (our choice). */
const SEARCH_AGAIN_MS = 1500;

/**
 * The search results page (`/catalogsearch/result/` and the provider's `/l/elevate/`, spec 001 §2): text search
 * with facets (5 attributes, then "more"), sort and paging in the route query, and a did-you-mean.
 */
export function SearchPage() {
  const search = useSearch({ strict: false }) as ListingSearch;
  const navigate = useNavigate();
  const q = (search.q ?? '').trim();
  const [draft, setDraft] = useState(q);
  const state = listingState(search);
  const valid = isValidSearchTerm(q) === null;
  const refine = { filters: state.filters, sort: state.sort };
  const result = useAsync(valid ? prefetchKey.search(q, state.page, refine) : null, () =>
    shop().textSearch(q, state.page, PAGE_SIZE, refine),
  );
  useDocumentTitle(valid ? t('Search results for "{q}"', { q }) : t('Search'));
  useTrackSearch(valid ? q : null);
  const { pathname } = useLocation();
  // spec 001 §8: offline the device's earlier answer for these words, or an empty result flagged offline, which
  // says the search needs a connection rather than that nothing matches; the connection back searches again
  const online = useOnline();
  const answered = valid && result.status === 'success' ? result.data : null;
  // (the worker flags its empty offline answer `cache` too, spec 000 §5: what tells them apart is whether it has items)
  const offlineEmpty = answered?.offline === true && answered.items.length === 0;
  const { reload } = result;
  useEffect(() => {
    if (!online || !answered?.offline) return;
    // online, with an answer from while it was not: search again, and again while the answer still comes from the
    // device (the network may take a moment longer than the browser's `online` to carry a search)
    const retry = setTimeout(reload, SEARCH_AGAIN_MS);
    return () => clearTimeout(retry);
    // `reload` is a new function on every render; the answer and the connection decide
  }, [online, answered]);
  return (
    <div className="page search-page">
      <h1>{valid ? t('Search results for "{q}"', { q }) : t('Search the shop')}</h1>
      <form
        className="search-form search-form-page"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ to: '.', search: { q: draft.trim() } as never });
        }}
      >
        <SearchField
          id="search-page-q"
          value={draft}
          minLength={SEARCH_TERM_MIN_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">{t('Search')}</Button>
      </form>
      {!valid ? <p className="muted">{t('Type at least 3 characters to search.')}</p> : null}
      {valid ? <DidYouMean key={q} q={q} path={pathname} /> : null}
      {offlineEmpty ? (
        <p role="status" data-testid="search-offline">
          {t('You are offline: searching needs a connection. Try again when you are online.')}
        </p>
      ) : null}
      {answered?.offline && !offlineEmpty ? (
        <p className="muted" data-testid="search-offline">
          {t('You are offline: these are the results found earlier.')}
        </p>
      ) : null}
      {answered && !answered.offline && answered.total === 0 && !Object.keys(state.filters).length ? (
        <p>{t('No products found for "{q}".', { q })}</p>
      ) : null}
      {valid && !offlineEmpty ? (
        <ProductListing
          search={search}
          result={result.data}
          loading={result.status === 'loading'}
          Facets={Facets}
          listName="search"
        />
      ) : null}
    </div>
  );
}
