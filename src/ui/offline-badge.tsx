import { t } from '../lib/i18n/index.ts';
import { useOnline } from '../lib/online.ts';

export function OfflineBadge() {
  const online = useOnline();
  return (
    <div className="offline-badge" role="status" aria-live="polite" hidden={online}>
      {online ? null : t('You are offline. Some features might not be available.')}
    </div>
  );
}
