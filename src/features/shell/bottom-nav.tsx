import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { togglePanel, useOpenPanel } from '../../lib/panels.ts';
import { useStore } from '../../lib/store.ts';
import { Icon } from '../../ui/icon.tsx';
import { serviceSheet } from './service-sheet.tsx';

/**
 * The phone's bottom navigation (spec 001 §1 "Mobile has bottom navigation"): home, the menu (the side menu panel),
 * the stores, the account and customer service (the bottom sheet). Hidden from 1024 px, where the header has it all.
 */
export function BottomNav() {
  const menuOpen = useOpenPanel() === 'sidemenu';
  const sheetOpen = useStore(serviceSheet);
  const active = { 'aria-current': 'page' as const, 'className': 'bottom-nav-item is-active' };
  return (
    <nav className="bottom-nav" aria-label={t('Bottom navigation')}>
      <Link to="/" className="bottom-nav-item" activeOptions={{ exact: true }} activeProps={active}>
        <Icon name="home" />
        {t('Home')}
      </Link>
      <button
        type="button"
        className="bottom-nav-item"
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={() => togglePanel('sidemenu')}
      >
        <Icon name="menu" />
        {t('Categories')}
      </button>
      <Link to="/winkels/" className="bottom-nav-item" activeProps={active}>
        <Icon name="store" />
        {t('Stores')}
      </Link>
      <Link to="/mijn-account/" className="bottom-nav-item" activeProps={active}>
        <Icon name="account" />
        {t('My account')}
      </Link>
      <button
        type="button"
        className="bottom-nav-item"
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        onClick={() => serviceSheet.set(true)}
      >
        <Icon name="service" />
        {t('Customer service')}
      </button>
    </nav>
  );
}
