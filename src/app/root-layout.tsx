import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { ProgressBar } from './progress-bar.tsx';
import { Header } from '../features/shell/header.tsx';
import { Footer } from '../features/shell/footer.tsx';
import { HighlightBar } from '../features/shell/highlight-bar.tsx';
import { IosInstallHint } from '../features/shell/install-app.tsx';
import { Microcart } from '../features/cart/microcart.tsx';
import { StorageDiagnostics } from '../features/diagnostics/storage-diagnostics.tsx';
import { NewsletterSignup } from '../features/newsletter/newsletter-signup.tsx';
import { WaitingOrdersPrompt } from '../features/checkout/waiting-orders-prompt.tsx';
import { Notifications } from '../ui/notifications.tsx';
import { OfflineBadge } from '../ui/offline-badge.tsx';
import { t } from '../lib/i18n/index.ts';
import type { LayoutName } from './route-meta.ts';

function useLayout(): LayoutName {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = matches[i].staticData?.layout;
    if (layout) return layout;
  }
  return 'default';
}

/** Layouts default (header, footer, modals), minimal (checkout) and empty (visual editor), by route meta. */
export function RootLayout() {
  const layout = useLayout();
  // The storage diagnostics (spec 001 §4 "Offline cache") open on any page with ?diagnostics=1.
  const diagnostics = String(useLocation().search.diagnostics ?? '') === '1';
  if (layout === 'empty') return <Outlet />;
  const minimal = layout === 'minimal';
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <ProgressBar />
      {minimal ? null : <HighlightBar />}
      <Header minimal={minimal} />
      <OfflineBadge />
      {minimal ? null : <IosInstallHint />}
      <main id="main" className={`main main-${layout}`} tabIndex={-1}>
        <Outlet />
        {diagnostics ? <StorageDiagnostics /> : null}
      </main>
      <Footer minimal={minimal} newsletter={<NewsletterSignup />} />
      {minimal ? null : <Microcart />}
      <WaitingOrdersPrompt />
      <Notifications />
    </>
  );
}
