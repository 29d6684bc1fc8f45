import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { useSessionExpiry } from './use-session-expiry.ts';

const NAV = [
  ['/mijn-account/', 'My account'],
  ['/mijn-account/persoonlijke-gegevens/', 'Personal details'],
  ['/mijn-account/aankopen/', 'Purchases'],
  ['/mijn-account/ofm-club/', 'OFM Club'],
  ['/mijn-account/coupons-overview/', 'Coupons'],
  ['/mijn-account/mijn-voorkeuren/', 'Preferences'],
] as const;

/** Account pages need login (spec 001 §2); the sidebar lists the account sections. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const user = useLiveQuery({ name: 'user' });
  useSessionExpiry(!!user?.loggedIn, user?.sessionExpires);
  if (!user) return <Loader />;
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
              <button type="button" className="btn btn-link" onClick={() => void shop().logout()}>
                {t('Log out')}
              </button>
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
