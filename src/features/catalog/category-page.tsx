import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../lib/notifications.ts';
import { useReloadWhenOnline } from '../../lib/online.ts';
import { categoryCrumbs } from '../../ui/breadcrumbs.tsx';
import { ListingPage } from '../../ui/listing-page.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FailedPage, NotFoundPage } from '../../ui/missing-page.tsx';
import { listingState, type ListingSearch } from '../../lib/listing-search.ts';
import { useCategory, useCategoryListing } from './use-category.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { plainText } from '../../lib/plain-text.ts';

/** Category page by url_path (dispatcher) or by the /c/{slug} route param. */
export function CategoryView({ urlPath }: { urlPath: string }) {
  const search = useSearch({ strict: false }) as ListingSearch;
  const category = useCategory(urlPath);
  const state = listingState(search);
  const data = category.data ?? undefined;
  const listing = useCategoryListing(data?.category.id, state);
  useDocumentTitle(data?.category.name);

  const emptyOffline = listing.status === 'success' && listing.data.offline && listing.data.items.length === 0;
  const failed = listing.status === 'error';
  useEffect(() => {
    // Spec 000 §8: an empty or failing category list shows this warning with an OK action.
    if (emptyOffline || failed) {
      notify({
        type: 'warning',
        message: 'No products synchronized for this category. Please come back while online!',
        action1: { label: 'OK' },
        hasNoTimeout: true,
      });
    }
  }, [emptyOffline, failed]);

  // A category this device has not seen, opened offline, fails (the worker cannot tell whether it exists): it says
  // so, and loads itself when the connection returns. Only the server's "none" is not found.
  useReloadWhenOnline(category.status === 'error', category.reload);
  if (category.status === 'loading' && !data) return <Loader />;
  if (category.status === 'error') return <FailedPage error={category.error} />;
  if (category.status === 'success' && !data) return <NotFoundPage />;
  if (!data) return <Loader />;
  const { category: c, parents } = data;
  return (
    <ListingPage
      className="category-page"
      crumbs={categoryCrumbs(parents)}
      heading={c.name}
      intro={typeof c.description === 'string' && c.description ? [plainText(c.description)] : []}
      search={search}
      result={listing.data}
      loading={listing.status === 'loading'}
    />
  );
}

export function CategoryPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  return <CategoryView key={slug} urlPath={slug} />;
}
