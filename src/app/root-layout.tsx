import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { ProgressBar } from './progress-bar.tsx';
import { Header } from '../features/shell/header.tsx';
import { Footer } from '../features/shell/footer.tsx';
import { HighlightBar } from '../features/shell/highlight-bar.tsx';
import { ConsentBanner } from '../features/shell/consent-banner.tsx';
import { IosInstallHint } from '../features/shell/install-app.tsx';
import { SellingPoints } from '../features/shell/selling-points.tsx';
import { TabbedNav } from '../features/shell/tabbed-nav.tsx';
import { BottomNav } from '../features/shell/bottom-nav.tsx';
import { AccessibilityButton } from '../features/shell/accessibility-button.tsx';
import { PanelOverlay } from '../features/shell/panel-overlay.tsx';
import { Microcart } from '../features/cart/microcart.tsx';
import { NewsletterSignup } from '../features/newsletter/newsletter-signup.tsx';
import { WaitingOrdersPrompt } from '../features/checkout/waiting-orders-prompt.tsx';
import { ModalHost } from './modal-host.tsx';
import { Notifications } from '../ui/notifications.tsx';
import { OfflineBadge } from '../ui/offline-badge.tsx';
import { DeviceUpdateNotice } from '../ui/device-update-notice.tsx';
import { OutboxStrip } from '../features/shell/outbox-strip.tsx';
import { HydrateLater } from '../ui/hydrate-later.tsx';
import { t } from '../lib/i18n/index.ts';
import { lazyPanel } from '../ui/lazy-panel.tsx';
import { useTrackPageView } from '../lib/analytics/events.ts';
import { DISPATCHED, groupOfRoute, layoutOf } from '../../domain/page-types.ts';
import { PrefetchedContext } from '../lib/prefetched.ts';
import type { PageData } from '../../domain/page-data.ts';

/** The page-type group of the deepest matched route (domain/page-types.ts); none past the root: not found. */
function groupOfMatches(matches: ReturnType<typeof useMatches>) {
  const name = matches.length > 1 ? matches[matches.length - 1]?.staticData?.name : 'page-not-found';
  return groupOfRoute(name);
}

// Opened by a tap or a URL flag, so loaded when first wanted (src/ui/lazy-panel.tsx).
const StorageDiagnostics = lazyPanel(() =>
  import('../features/diagnostics/storage-diagnostics.tsx').then((m) => m.StorageDiagnostics),
);

const NOTHING_PREFETCHED: Record<string, unknown> = {};

/** The answers the server rendered this page with (the root loader's data, docs/server-rendering.md). */
function usePrefetchedAnswers(): Record<string, unknown> {
  const page = useMatches({ select: (matches) => matches[0]?.loaderData as PageData | null | undefined });
  return page?.prefetched ?? NOTHING_PREFETCHED;
}

export function RootLayout() {
  return (
    <PrefetchedContext value={usePrefetchedAnswers()}>
      <ShopLayout />
    </PrefetchedContext>
  );
}

/**
 * Layouts default (header, footer, modals) and minimal (checkout), and empty (visual editor), by the route's page-type
 * group (domain/page-types.ts). The default adds the phone's tabbed and bottom navigation, the selling-points strip
 * and the accessibility button; the named modals (the customer-service bottom sheet among them) are drawn by the
 * modal host in every layout (spec 001 §1, §2).
 */
function ShopLayout() {
  const matches = useMatches();
  const group = groupOfMatches(matches);
  const layout = layoutOf(group);
  // The storage diagnostics (spec 001 §4 "Offline cache") open on any page with ?diagnostics=1.
  const location = useLocation();
  const diagnostics = String(location.search.diagnostics ?? '') === '1';
  // spec 001 §2 page-type tags with every navigation's page_view: the group and the path from the same matches, so a
  // navigation never sends the new path with the previous page's type; a dispatched path's page sends its own
  useTrackPageView(group === DISPATCHED ? null : group, matches[matches.length - 1]?.pathname ?? '/');
  if (layout === 'empty') return <Outlet />;
  const minimal = layout === 'minimal';
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <ProgressBar />
      {minimal ? null : (
        <HydrateLater>
          <HighlightBar />
        </HydrateLater>
      )}
      <Header minimal={minimal} />
      {minimal ? null : (
        <>
          <TabbedNav />
          <HydrateLater>
            <SellingPoints />
          </HydrateLater>
        </>
      )}
      <OfflineBadge />
      <DeviceUpdateNotice />
      {minimal ? null : <OutboxStrip />}
      <ConsentBanner />
      {minimal ? null : <IosInstallHint />}
      <main
        id="main"
        className={`main main-${layout}`}
        data-page-group={group === DISPATCHED ? undefined : group}
        tabIndex={-1}
      >
        <Outlet />
        {diagnostics ? <StorageDiagnostics /> : null}
      </main>
      <HydrateLater>
        <Footer minimal={minimal} newsletter={<NewsletterSignup />} />
      </HydrateLater>
      {minimal ? null : <Microcart />}
      <PanelOverlay />
      {minimal ? null : (
        <>
          <BottomNav />
          <AccessibilityButton />
        </>
      )}
      <WaitingOrdersPrompt />
      <ModalHost />
      <Notifications />
    </>
  );
}
