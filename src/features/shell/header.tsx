import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { closePanel, togglePanel, useOpenPanel } from '../../lib/panels.ts';
import { SideMenu } from './side-menu.tsx';

function Logo() {
  return (
    <Link to="/" className="logo" aria-label="OFM Herenmode – home">
      <span aria-hidden="true">OFM</span>
    </Link>
  );
}

function MiniCart() {
  const cart = useLiveQuery({ name: 'cart' });
  const count = cart?.count ?? 0;
  return (
    <button type="button" className="header-icon minicart-button" onClick={() => togglePanel('microcart')} aria-haspopup="dialog">
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M5 8h14l-1.2 12H6.2L5 8z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
      <span className="visually-hidden">{t('Cart')}</span>
      <span className="cart-count" data-testid="cart-count" aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">{t('Items in cart: {count}', { count })}</span>
        <span aria-hidden="true">{count}</span>
      </span>
    </button>
  );
}

function SearchForm() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <form
      className="search-form header-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        closePanel();
        void navigate({ to: '/catalogsearch/result/', search: { q: q.trim() } as never });
      }}
    >
      <label htmlFor="header-q" className="visually-hidden">
        {t('Search products')}
      </label>
      <input id="header-q" type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('Search products')} autoComplete="off" />
      <button type="submit" className="header-icon" aria-label={t('Search')}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
      </button>
    </form>
  );
}

export function Header({ minimal }: { minimal: boolean }) {
  const open = useOpenPanel();
  if (minimal) {
    return (
      <header className="site-header site-header-minimal">
        <div className="header-inner">
          <Logo />
        </div>
      </header>
    );
  }
  const menuOpen = open === 'sidemenu';
  return (
    <header className="site-header">
      <div className="header-inner">
        <button
          type="button"
          className="header-icon menu-button"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => togglePanel('sidemenu')}
        >
          <span aria-hidden="true">{menuOpen ? '×' : '☰'}</span>
          <span className="visually-hidden">{menuOpen ? t('Close') : t('Menu')}</span>
        </button>
        <Logo />
        <SearchForm />
        <nav className="header-actions" aria-label={t('Account')}>
          <Link to="/winkels/" className="header-link hide-mobile">
            {t('Stores')}
          </Link>
          <Link to="/wishlist/" className="header-icon" aria-label={t('Wishlist')}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
            </svg>
          </Link>
          <Link to="/mijn-account/" className="header-icon" aria-label={t('Account')}>
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
            </svg>
          </Link>
          <MiniCart />
        </nav>
        <SideMenu open={menuOpen} />
      </div>
    </header>
  );
}
