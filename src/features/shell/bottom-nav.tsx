import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { openModal, useModal } from '../../lib/modals.ts';
import { Icon } from '../../ui/icon.tsx';
import { SideMenuToggle } from './side-menu.tsx';

type IconName = ComponentProps<typeof Icon>['name'];

/** A page of the bottom navigation, marked while it is the current page (or below it). */
function BottomLink({
  to,
  icon,
  label,
  exact = false,
}: {
  to: string;
  icon: IconName;
  label: string;
  exact?: boolean;
}) {
  return (
    <Link
      to={to}
      className="bottom-nav-item"
      activeOptions={{ exact }}
      activeProps={{ 'aria-current': 'page', 'className': 'bottom-nav-item is-active' }}
    >
      <Icon name={icon} />
      {label}
    </Link>
  );
}

/**
 * The phone's bottom navigation (spec 001 §1 "Mobile has bottom navigation"): home, the menu (the side menu panel),
 * the stores, the account and customer service (the named bottom sheet 'customer-service'). Hidden from 1024 px, where the header has it all.
 */
export function BottomNav() {
  const sheetOpen = useModal('customer-service').open;
  return (
    <nav className="bottom-nav" aria-label={t('Bottom navigation')}>
      <BottomLink to="/" icon="home" label={t('Home')} exact />
      <SideMenuToggle className="bottom-nav-item">
        <Icon name="menu" />
        {t('Categories')}
      </SideMenuToggle>
      <BottomLink to="/winkels/" icon="store" label={t('Stores')} />
      <BottomLink to="/mijn-account/" icon="account" label={t('My account')} />
      <button
        type="button"
        className="bottom-nav-item"
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        onClick={() => openModal('customer-service')}
      >
        <Icon name="service" />
        {t('Customer service')}
      </button>
    </nav>
  );
}
