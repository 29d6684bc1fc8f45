import { Link } from '@tanstack/react-router';
import { ROOT_CATEGORY_ID } from '../../../domain/catalog/menu-categories.ts';
import { t } from '../../lib/i18n/index.ts';
import { useChildCategories } from '../../lib/child-categories.ts';

/**
 * The phone's tabbed navigation (spec 001 §1): the top categories as tabs under the header, scrolling sideways in
 * their own strip; the current category's tab is marked. From 1024 px the header's menu bar shows them instead.
 */
export function TabbedNav() {
  const categories = useChildCategories(ROOT_CATEGORY_ID);
  // Without categories yet (a page the server could not read them for, or one rendered by the app alone), an empty
  // strip of a tab's height holds their place, so the page under it does not move when they come.
  if (!categories.length) {
    return (
      <div className="tabbed-nav" aria-hidden="true">
        <ul>
          <li>
            <span className="tab-placeholder">&nbsp;</span>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <nav className="tabbed-nav" aria-label={t('Categories')}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/${c.url_path}`} activeProps={{ 'aria-current': 'page', 'className': 'is-active' }}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
