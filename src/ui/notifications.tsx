import { Link } from '@tanstack/react-router';
import { t } from '../lib/i18n/index.ts';
import { useLiveQuery } from '../lib/live-query.ts';
import { useIsMobile } from '../lib/media.ts';
import { openModal } from '../lib/modals.ts';
import { dismiss, notificationsStore, type ShellNotification } from '../lib/notifications.ts';
import { useStore } from '../lib/store.ts';
import { ProductImage } from './product-image.tsx';

/**
 * The wishlist-add notification (spec 001 §4): the product's image, and for a guest the signup mini-banner, since a
 * guest's list stays on this device until they log in (spec 001 §6): its link opens the named modal
 * 'authentication' (§2) over the page, which stays.
 */
function WishlistAdded({ n, loggedIn }: { n: ShellNotification; loggedIn: boolean }) {
  return (
    <>
      <ProductImage image={n.wishlist?.img} alt="" kind="thumb" className="notification-wishlist-img" />
      <div>
        <p>{t(n.message, n.params)}</p>
        {loggedIn ? null : (
          <p className="notification-banner">
            {t('Log in or create an account to save your wishlist.')}{' '}
            <a
              href="/login/"
              aria-haspopup="dialog"
              onClick={(e) => {
                e.preventDefault();
                dismiss(n.id);
                openModal('authentication', { reason: 'Log in or create an account to save your wishlist.' });
              }}
            >
              {t('Log in')}
            </a>
          </p>
        )}
      </div>
    </>
  );
}

/** The notification area: one polite live region so screen readers hear each message once. */
export function Notifications() {
  const list = useStore(notificationsStore);
  const loggedIn = useLiveQuery({ name: 'user' })?.loggedIn ?? false;
  const mobile = useIsMobile();
  const wishlistShown = list.filter((n) => n.wishlist);
  return (
    <>
      {/* Spec 001 §4: on mobile the wishlist notification is dismissed by clicking the overlay. */}
      {mobile && wishlistShown.length > 0 ? (
        <div className="overlay" aria-hidden="true" onClick={() => wishlistShown.forEach((n) => dismiss(n.id))} />
      ) : null}
      <div className="notifications" aria-live="polite" aria-label={t('Notifications')} role="region">
        {list.map((n) => (
          <div
            key={n.id}
            className={`notification notification-${n.type}`}
            role={n.type === 'danger' ? 'alert' : 'status'}
          >
            {n.wishlist?.action === 'add' ? (
              <WishlistAdded n={n} loggedIn={loggedIn} />
            ) : (
              <p>{t(n.message, n.params)}</p>
            )}
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
              <button
                type="button"
                className="notification-close"
                aria-label={t('Close')}
                onClick={() => dismiss(n.id)}
              >
                ×
              </button>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
