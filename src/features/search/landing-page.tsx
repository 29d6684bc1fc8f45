import { useSearch } from '@tanstack/react-router';
import { prefetchKey } from '../../../domain/page-data.ts';
import { t } from '../../lib/i18n/index.ts';
import { listingState, type ListingSearch } from '../../lib/listing-search.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useReloadWhenOnline } from '../../lib/online.ts';
import { plainText } from '../../lib/plain-text.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Loader } from '../../ui/loader.tsx';
import { FailedPage, NotFoundPage } from '../../ui/missing-page.tsx';
import { ListingPage } from '../../ui/listing-page.tsx';

/**
 * A search-provider landing page (spec 000 §2 dispatcher step 2, route elevate-landing-page; spec 001 §3
 * "landingPage"): its heading, texts and product list with facets, sort and paging in the route query, 24 a page.
 */
export function LandingView({ urlPath }: { urlPath: string }) {
  const search = useSearch({ strict: false }) as ListingSearch;
  const state = listingState(search);
  const query = { urlPath, page: state.page, sort: state.sort, filters: state.filters };
  const page = useAsync(prefetchKey.landing(query), () => shop().landingPage(query));
  const data = page.data ?? undefined;
  useDocumentTitle(data?.heading);

  useReloadWhenOnline(page.status === 'error' && !data, page.reload);
  if (page.status === 'error' && !data) return <FailedPage error={page.error} />;
  if (page.status === 'success' && page.data === null) return <NotFoundPage />;
  if (!data) return <Loader />;
  const crumbs = data.breadcrumbs.slice(0, -1).map((c) => ({ text: c.path === '/' ? t('Home') : c.label, to: c.path }));
  return (
    <ListingPage
      className="landing-page"
      crumbs={crumbs}
      heading={data.heading}
      intro={data.texts.map((text) => plainText(text))}
      search={search}
      result={data.result}
      loading={page.status === 'loading'}
    />
  );
}
