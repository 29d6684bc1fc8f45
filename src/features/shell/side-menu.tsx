import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Category } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { openModal } from '../../lib/modals.ts';
import { closePanel, togglePanel, useOpenPanel } from '../../lib/panels.ts';
import { useChildCategories } from '../../lib/child-categories.ts';
import { InstallButton } from './install-app.tsx';
import { CompareLink } from './compare-link.tsx';
import { menuItemOf, useMainMenu, type MainMenuItem } from './main-menu.ts';
import { currentCountryName } from './store-switch.tsx';

/** Spec 001 §9 submenu pop delay: the closing submenu slides out before it leaves the path. */
const SUBMENU_POP_MS = 300;

const hasChildren = (c: Category) => (c.children_count ?? c.children_data?.length ?? 0) > 0;

/** A submenu path (spec 001 §4): pushed on open, popped 300 ms after close, emptied 300 ms after the menu closes. */
function useSubmenuPath(menuOpen: boolean) {
  const [path, setPath] = useState<Category[]>([]);
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const later = (fn: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, SUBMENU_POP_MS);
  };
  useEffect(() => {
    if (!menuOpen) later(() => setPath([]));
  }, [menuOpen]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    current: path.at(-1),
    leaving,
    push: (c: Category) => {
      clearTimeout(timer.current);
      setLeaving(false);
      setPath((p) => [...p, c]);
    },
    pop: () => {
      setLeaving(true);
      later(() => {
        setPath((p) => p.slice(0, -1));
        setLeaving(false);
      });
    },
  };
}

/** A link of the menu: a path of the shop through the router, another site as a plain link. */
function MenuLink({ item, className }: { item: MainMenuItem; className?: string }) {
  if (!item.link.startsWith('/')) {
    return (
      <a href={item.link} onClick={closePanel} className={className}>
        {item.title}
      </a>
    );
  }
  return (
    <Link to={item.link} onClick={closePanel} className={className} activeProps={{ className: 'is-active' }}>
      {item.title}
    </Link>
  );
}

function MenuItem({ item, onOpen }: { item: MainMenuItem; onOpen: (c: Category) => void }) {
  const category = item.category && hasChildren(item.category) ? item.category : undefined;
  const link = <MenuLink item={item} className={category ? 'has-submenu' : undefined} />;
  if (!category) return link;
  // On a phone the category opens its submenu; the desktop bar links the category itself.
  return (
    <>
      {link}
      <button type="button" className="submenu-toggle" aria-controls="side-submenu" onClick={() => onOpen(category)}>
        {item.title}
      </button>
    </>
  );
}

function Submenu({
  category,
  leaving,
  onBack,
  onOpen,
}: {
  category: Category;
  leaving: boolean;
  onBack: () => void;
  onOpen: (c: Category) => void;
}) {
  const children = useChildCategories(category.id);
  return (
    <div id="side-submenu" className={`submenu${leaving ? ' is-leaving' : ''}`} role="group" aria-label={category.name}>
      <button type="button" className="submenu-back" onClick={onBack}>
        {t('Back')}
      </button>
      <ul>
        <li>
          <Link to={`/${category.url_path}`} onClick={closePanel}>
            {t('All {name}', { name: category.name })}
          </Link>
        </li>
        {children.map((c) => (
          <li key={c.id}>
            <MenuItem item={menuItemOf(c)} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The main menu: the theme config's menu (spec 001 §7; the category tree below the root without one), with submenus
 * on a phone (spec 001 §4); on desktop a horizontal bar.
 */
export function SideMenu({ open }: { open: boolean }) {
  const items = useMainMenu();
  const submenu = useSubmenuPath(open);
  return (
    <nav id="side-menu" className={`main-nav${open ? ' is-open' : ''}`} aria-label={t('Main navigation')}>
      <ul>
        {items.map((item) => (
          <li key={item.link}>
            <MenuItem item={item} onOpen={submenu.push} />
          </li>
        ))}
        <li className="show-mobile">
          <Link to="/winkels/" onClick={closePanel}>
            {t('Stores')}
          </Link>
        </li>
        <CompareLink onClick={closePanel} listItemClass="show-mobile" />
        <li className="show-mobile">
          <button
            type="button"
            className="menu-button"
            aria-haspopup="dialog"
            onClick={() => {
              closePanel();
              openModal('language-switcher');
            }}
          >
            {t('Shop in')} {currentCountryName()}
          </button>
        </li>
        <InstallButton />
      </ul>
      {open && submenu.current ? (
        <Submenu category={submenu.current} leaving={submenu.leaving} onBack={submenu.pop} onOpen={submenu.push} />
      ) : null}
    </nav>
  );
}

/** A button that opens and closes the side menu (the header's menu button, the bottom navigation's "Categorieën"). */
export function SideMenuToggle({ className, children }: { className: string; children: ReactNode }) {
  const open = useOpenPanel() === 'sidemenu';
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls="side-menu"
      onClick={() => togglePanel('sidemenu')}
    >
      {children}
    </button>
  );
}
