import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { closePanel } from '../../lib/panels.ts';
import { shop } from '../../lib/shop.ts';
import { useEffect } from 'react';

/** The main menu: top categories below root id 2, from the worker's local cache. On desktop a horizontal bar. */
export function SideMenu({ open }: { open: boolean }) {
  const categories = useLiveQuery({ name: 'categories', parentId: 2 }) ?? [];
  // The live query reads the local cache; loading once fills it (and refreshes it within its TTL).
  useEffect(() => {
    shop()
      .loadCategories(2)
      .catch(() => undefined);
  }, []);
  return (
    <nav id="side-menu" className={`main-nav${open ? ' is-open' : ''}`} aria-label={t('Main navigation')}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/${c.url_path}`} onClick={closePanel} activeProps={{ className: 'is-active' }}>
              {c.name}
            </Link>
          </li>
        ))}
        <li className="show-mobile">
          <Link to="/winkels/" onClick={closePanel}>
            {t('Stores')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
