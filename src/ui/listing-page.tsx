import type { SearchResult } from '../../worker/api-types.ts';
import type { ListingSearch } from '../lib/listing-search.ts';
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';
import { Facets } from './facets.tsx';
import { ProductListing } from './product-listing.tsx';

/**
 * A page that is a filterable product list under a heading (spec 001 §3: a category, a search-provider landing
 * page): breadcrumbs, the heading with its introduction, then the listing with facets, sort and paging.
 */
export function ListingPage({
  className,
  crumbs,
  heading,
  intro,
  search,
  result,
  loading,
}: {
  className: string;
  crumbs: Crumb[];
  heading: string;
  /** The introduction's paragraphs, as plain text. */
  intro: string[];
  search: ListingSearch;
  result: SearchResult | undefined;
  loading: boolean;
}) {
  return (
    <div className={`page ${className}`}>
      <Breadcrumbs items={crumbs} current={heading} />
      <header className="page-header">
        <h1>{heading}</h1>
        {intro.map((text, i) => (
          <p key={i} className="page-intro">
            {text}
          </p>
        ))}
      </header>
      <ProductListing search={search} result={result} loading={loading} Facets={Facets} listName={heading} />
    </div>
  );
}
