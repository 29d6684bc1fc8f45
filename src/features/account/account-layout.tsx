import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { t } from './account-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Loader } from '../../ui/loader.tsx';
import { useSessionExpiry } from './use-session-expiry.ts';

const NAV = [
  ['/mijn-account/', 'My account'],
  ['/mijn-account/persoonlijke-gegevens/', 'Personal details'],
  ['/mijn-account/aankopen/', 'Purchases'],
  ['/mijn-account/ofm-club/', 'OFM Club'],
  ['/mijn-account/coupons-overview/', 'Coupons'],
  ['/mijn-account/mijn-voorkeuren/', 'Preferences'],
  ['/mijn-account/wachtende-bestellingen/', 'Waiting orders'],
] as const;

/**
 * Logging out must not lose an order still waiting on the device: with one, the shopper is asked first (the order
 * stays on the device either way and is sent without the account).
 */
function LogoutButton() {
  const outbox = useLiveQuery({ name: 'outbox' });
  const [asking, setAsking] = useState(false);
  const waiting = outbox?.orders.some((o) => o.state !== 'expired') ?? false;
  return (
    <>
      <button type="button" className="btn btn-link" onClick={() => (waiting ? setAsking(true) : void shop().logout())}>
        {t('Log out')}
      </button>
      <Modal open={asking} title={t('Log out')} onClose={() => setAsking(false)}>
        <p>{t('You have an order that has not been sent yet…')}</p>
        <div className="modal-actions">
          <Link to="/mijn-account/wachtende-bestellingen/" className="btn btn-primary" onClick={() => setAsking(false)}>
            {t('Waiting orders')}
          </Link>
          <Button
            variant="secondary"
            onClick={() => {
              setAsking(false);
              void shop().logout();
            }}
          >
            {t('Log out anyway')}
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** Account pages need login (spec 001 §2); the sidebar lists the account sections. */
export function AccountLayout({
  title,
  children,
  guestAllowed = false,
}: {
  title: string;
  children: ReactNode;
  /** A page of the device rather than the account (the outbox): a guest sees it without the account's menu. */
  guestAllowed?: boolean;
}) {
  useDocumentTitle(title);
  const user = useLiveQuery({ name: 'user' });
  useSessionExpiry(!!user?.loggedIn, user?.sessionExpires);
  if (!user) return <Loader />;
  if (!user.loggedIn && guestAllowed) {
    return (
      <div className="page account-page">
        <h1>{title}</h1>
        {children}
      </div>
    );
  }
  if (!user.loggedIn) {
    return (
      <div className="page">
        <EmptyState
          title={t('My account')}
          text={t('You need to be logged in to see this page')}
          linkTo="/login/"
          linkLabel={t('Log in')}
        />
      </div>
    );
  }
  return (
    <div className="page account-page">
      <div className="account-layout">
        <nav className="account-nav" aria-label={t('My account')}>
          <ul>
            {NAV.map(([to, label]) => (
              <li key={to}>
                <Link
                  to={to}
                  activeOptions={{ exact: true }}
                  activeProps={{ 'aria-current': 'page', 'className': 'is-active' }}
                >
                  {t(label)}
                </Link>
              </li>
            ))}
            <li>
              <LogoutButton />
            </li>
          </ul>
        </nav>
        <section className="account-content">
          <h1>{title}</h1>
          {children}
        </section>
      </div>
    </div>
  );
}
