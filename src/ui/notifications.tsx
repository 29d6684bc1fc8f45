import { Link } from '@tanstack/react-router';
import { t } from '../lib/i18n/index.ts';
import { dismiss, notificationsStore } from '../lib/notifications.ts';
import { useStore } from '../lib/store.ts';

/** The notification area: one polite live region so screen readers hear each message once. */
export function Notifications() {
  const list = useStore(notificationsStore);
  return (
    <div className="notifications" aria-live="polite" aria-label={t('Notifications')} role="region">
      {list.map((n) => (
        <div
          key={n.id}
          className={`notification notification-${n.type}`}
          role={n.type === 'danger' ? 'alert' : 'status'}
        >
          <p>{t(n.message, n.params)}</p>
          <div className="notification-actions">
            {n.action1?.href ? (
              <Link to={n.action1.href} className="notification-action" onClick={() => dismiss(n.id)}>
                {t(n.action1.label)}
              </Link>
            ) : null}
            {n.action1 && !n.action1.href ? (
              <button
                type="button"
                className="notification-action"
                onClick={() => {
                  n.action1?.run?.();
                  dismiss(n.id);
                }}
              >
                {t(n.action1.label)}
              </button>
            ) : null}
            <button type="button" className="notification-close" aria-label={t('Close')} onClick={() => dismiss(n.id)}>
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
