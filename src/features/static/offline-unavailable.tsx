import { t } from '../../lib/i18n/index.ts';
import { EmptyState } from '../../ui/empty-state.tsx';

/** A page never seen on this device, opened offline: say so clearly instead of a blank page. */
export function OfflineUnavailable() {
  return (
    <div className="page offline-unavailable" data-page="offline-unavailable">
      <EmptyState
        title={t('This page is not available offline')}
        text={t('You have not viewed this page before, so it is not stored on your device. Connect to the internet to view it.')}
        linkLabel={t('Home')}
      />
    </div>
  );
}
