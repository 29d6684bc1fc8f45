import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { togglePanel, useOpenPanel } from '../../lib/panels.ts';
import { Icon } from '../../ui/icon.tsx';
import { SideMenu, SideMenuToggle } from './side-menu.tsx';
import { CompareLink } from './compare-link.tsx';
import { SearchAutocomplete } from './search-autocomplete.tsx';
import { HydrateLater } from '../../ui/hydrate-later.tsx';
import { useTheme, useThemeColors } from '../../lib/theme.ts';
import { LOGO_FALLBACK, type Theme } from '../../../domain/content/theme.ts';

/** Drawn size of the logo (public/assets/logo-header.svg's 336 × 134 view box at the header's height). */
const LOGO_SIZE = { width: 80, height: 32 };

/** The theme config's logo and link (spec 001 §7), the asset logo-header until it has answered (spec 001 §9). */
function Logo({ theme }: { theme: Theme | undefined }) {
  const logo = theme?.logo ?? { src: LOGO_FALLBACK, alt: 'OFM Herenmode', link: '/' };
  // low: the server's render would otherwise preload it ahead of the page's main image (the first paint waits for that)
  const image = <img src={logo.src} alt={logo.alt} {...LOGO_SIZE} fetchPriority="low" />;
  return logo.link.startsWith('/') ? (
    <Link to={logo.link} className="logo">
      {image}
    </Link>
  ) : (
    <a href={logo.link} className="logo">
      {image}
    </a>
  );
}

function MiniCart() {
  const cart = useLiveQuery({ name: 'cart' });
  const count = cart?.count ?? 0;
  return (
    <button
      type="button"
      className="header-icon minicart-button"
      onClick={() => togglePanel('microcart')}
      aria-haspopup="dialog"
    >
      <Icon name="cart" />
      <span className="visually-hidden">{t('Cart')}</span>
      <span className="cart-count" data-testid="cart-count" aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">
          {/* one reads "1 artikel": the catalogue keeps a singular as a key of its own, as with "1 product" */}
          {count === 1 ? t('Items in cart: 1') : t('Items in cart: {count}', { count })}
        </span>
        <span aria-hidden="true">{count}</span>
      </span>
    </button>
  );
}

export function Header({ minimal }: { minimal: boolean }) {
  const open = useOpenPanel();
  const theme = useTheme();
  useThemeColors(theme);
  if (minimal) {
    return (
      <header className="site-header site-header-minimal">
        <div className="header-inner">
          <Logo theme={theme} />
        </div>
      </header>
    );
  }
  const menuOpen = open === 'sidemenu';
  return (
    <header className={`site-header${menuOpen ? ' has-open-menu' : ''}`}>
      <div className="header-inner">
        <SideMenuToggle className="header-icon menu-button">
          <span aria-hidden="true">{menuOpen ? '×' : '☰'}</span>
          <span className="visually-hidden">{menuOpen ? t('Close') : t('Menu')}</span>
        </SideMenuToggle>
        <Logo theme={theme} />
        <SearchAutocomplete />
        <nav className="header-actions" aria-label={t('Account')}>
          <Link to="/winkels/" className="header-link hide-mobile">
            {t('Stores')}
          </Link>
          <CompareLink className="header-link hide-mobile" />
          <Link to="/wishlist/" className="header-icon" aria-label={t('Wishlist')}>
            <Icon name="wishlist" />
          </Link>
          <Link to="/mijn-account/" className="header-icon" aria-label={t('Account')}>
            <Icon name="account" />
          </Link>
          <MiniCart />
        </nav>
        <HydrateLater>
          <SideMenu open={menuOpen} />
        </HydrateLater>
      </div>
    </header>
  );
}
