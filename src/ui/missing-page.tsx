import { t, type MessageKey } from '../lib/i18n/index.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { isOfflineError, useOnline } from '../lib/online.ts';
import { EmptyState } from './empty-state.tsx';

/** What each page that cannot be shown tells the shopper: title, explanation, the label of the way on (to home). */
const MISSING: Record<
  'not-found' | 'offline-unavailable' | 'error',
  [title: MessageKey, text: MessageKey, linkLabel: MessageKey]
> = {
  'not-found': [
    'Page not found',
    'Sorry, we could not find this page. It may have moved or no longer exists.',
    'Continue shopping',
  ],
  // A page never seen on this device, opened offline: say so clearly instead of a blank page.
  'offline-unavailable': [
    'This page is not available offline',
    'You have not viewed this page before, so it is not stored on your device. Connect to the internet to view it.',
    'Home',
  ],
  // Something failed on the way (the device's storage, the worker): never a wrong "not found" (spec 001 §4).
  'error': ['Something went wrong', 'Please try again in a moment.', 'Home'],
};

function MissingPage({ page }: { page: keyof typeof MISSING }) {
  const [title, text, linkLabel] = MISSING[page];
  return (
    <div className={`page ${page}`} data-page={page}>
      <EmptyState title={t(title)} text={t(text)} linkLabel={t(linkLabel)} />
    </div>
  );
}

export function NotFoundPage() {
  useDocumentTitle(t('Page not found'));
  return <MissingPage page="not-found" />;
}

export function OfflineUnavailable() {
  return <MissingPage page="offline-unavailable" />;
}

export function ErrorPage() {
  useDocumentTitle(t('Something went wrong'));
  return <MissingPage page="error" />;
}

/**
 * A page whose load failed: not on this device while offline (the error says the server was out of reach, or the
 * browser says it is offline), else something went wrong. Never "not found": only the server's answer says that.
 */
export function FailedPage({ error }: { error: unknown }) {
  const online = useOnline();
  return online && !isOfflineError(error) ? <ErrorPage /> : <OfflineUnavailable />;
}
