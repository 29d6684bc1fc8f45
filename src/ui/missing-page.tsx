import { t } from '../lib/i18n/index.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { EmptyState } from './empty-state.tsx';

/** A page that cannot be shown: its state name (the class and data-page tag), what to tell the shopper, a way on. */
function MissingPage({ page, title, text, linkLabel }: { page: string; title: string; text: string; linkLabel: string }) {
  return (
    <div className={`page ${page}`} data-page={page}>
      <EmptyState title={title} text={text} linkLabel={linkLabel} />
    </div>
  );
}

export function NotFoundPage() {
  useDocumentTitle(t('Page not found'));
  return (
    <MissingPage
      page="not-found"
      title={t('Page not found')}
      text={t('Sorry, we could not find this page. It may have moved or no longer exists.')}
      linkLabel={t('Continue shopping')}
    />
  );
}

/** A page never seen on this device, opened offline: say so clearly instead of a blank page. */
export function OfflineUnavailable() {
  return (
    <MissingPage
      page="offline-unavailable"
      title={t('This page is not available offline')}
      text={t('You have not viewed this page before, so it is not stored on your device. Connect to the internet to view it.')}
      linkLabel={t('Home')}
    />
  );
}
