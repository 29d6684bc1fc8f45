import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ComponentType } from 'react';
import type { ResolvedRoute } from '../../../worker/api-types.ts';
import { normalizePath } from '../../../domain/url-path.ts';
import { prefetchKey } from '../../../domain/page-data.ts';
import { DISPATCHED, groupOfRoute } from '../../../domain/page-types.ts';
import { useTrackPageView } from '../../lib/analytics/events.ts';
import { useOnline, useReloadWhenOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Loader } from '../../ui/loader.tsx';
import { FailedPage, NotFoundPage, OfflineUnavailable } from '../../ui/missing-page.tsx';

/** The pages a dispatched path can turn out to be; they belong to their features, so the router passes them in. */
export interface DispatchedPages {
  ProductView: ComponentType<{ parentSku: string; childSku?: string }>;
  CategoryView: ComponentType<{ urlPath: string }>;
  ContentView: ComponentType<{ slug: string }>;
  LandingView: ComponentType<{ urlPath: string }>;
  StoreView: ComponentType<{ slug: string }>;
}

/**
 * The URL dispatcher route (spec 000 §2): a path no named route matched is resolved by the worker (memory → local
 * url map → server → fallbacks) and rendered as the page it maps to; a child URL redirects to its parent.
 */
export function DispatcherPage({
  pages: { ProductView, CategoryView, ContentView, LandingView, StoreView },
}: {
  pages: DispatchedPages;
}) {
  const { pathname, search } = useLocation();
  // With the dispatcher, the chosen child travels in the query (spec 000 §2): /heren-overhemden/oxford-123?childSku=…
  const queryChild =
    typeof (search as Record<string, unknown>).childSku === 'string'
      ? String((search as Record<string, unknown>).childSku)
      : undefined;
  const online = useOnline();
  const navigate = useNavigate();
  const resolved = useAsync<ResolvedRoute>(prefetchKey.route(pathname), () =>
    shop().resolveRoute(pathname, { dispatcher: true }),
  );
  // The worker answers for the normalised path, so /heren-overhemden/ and /heren-overhemden are one page (spec 000 §2).
  const route =
    resolved.status === 'success' && resolved.data.path === normalizePath(pathname) ? resolved.data : undefined;

  useEffect(() => {
    if (route?.redirect && route.redirect !== pathname) void navigate({ to: route.redirect, replace: true });
  }, [route, pathname, navigate]);
  // the page view waits for what the path turned out to be: its route's page-type group (domain/page-types.ts)
  useTrackPageView(
    resolved.status === 'error' ? undefined : route && !route.redirect ? dispatchedGroup(route.name) : null,
    pathname,
  );

  // A page never seen on this device, opened offline, keeps its URL and says it is not available offline (docs/offline-and-storage.md
  // "Offline routes": our choice over the spec's redirect home, 001 §8); when the connection returns it loads itself.
  const missedOffline = resolved.status === 'error' || (route?.name === 'page-not-found' && route.offline === true);
  useReloadWhenOnline(missedOffline, resolved.reload);

  // The worker could not answer (e.g. its storage failed): that says nothing about the path, so never "not found".
  if (resolved.status === 'error') return <FailedPage error={resolved.error} />;
  if (!route || route.redirect) return <Loader />;
  const p = route.params ?? {};
  if (route.name.endsWith('-product') && p.parentSku) {
    return (
      <ProductView
        key={p.parentSku}
        parentSku={p.parentSku}
        childSku={p.childSku && p.childSku !== p.parentSku ? p.childSku : queryChild}
      />
    );
  }
  if (route.name === 'category' && (p.url_path || p.slug))
    return <CategoryView key={pathname} urlPath={p.url_path ?? p.slug} />;
  if (route.name === 'elevate-landing-page' && p.url_path) return <LandingView key={pathname} urlPath={p.url_path} />;
  if (route.name === 'storelocator-entry' && p.slug) return <StoreView key={pathname} slug={p.slug} />;
  if (route.name === 'storyblok' || route.name === 'cms-page') {
    return (
      <ContentView
        key={pathname}
        slug={p.slug && p.slug !== 'storyblok' ? p.slug : pathname.replace(/^\/|\/$/g, '') || 'home'}
      />
    );
  }
  if (route.name === 'page-not-found' && (!online || route.offline)) return <OfflineUnavailable />;
  return <NotFoundPage />;
}

function dispatchedGroup(name: string) {
  const group = groupOfRoute(name);
  return group === DISPATCHED ? undefined : group;
}
