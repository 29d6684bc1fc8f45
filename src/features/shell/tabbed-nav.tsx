import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useMainMenu } from './main-menu.ts';

/**
 * The phone's tabbed navigation (spec 001 §1): the main menu's entries (the theme's menu, else the top categories) as
 * tabs under the header, scrolling sideways in their own strip; the current category's tab is marked. From 1024 px
 * the header's menu bar shows them instead.
 */
export function TabbedNav() {
  const items = useMainMenu();
  // Without categories yet (a page the server could not read them for, or one rendered by the app alone), an empty
  // strip of a tab's height holds their place, so the page under it does not move when they come.
  if (!items.length) {
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
        {items.map((item) => (
          <li key={item.link}>
            {item.link.startsWith('/') ? (
              <Link to={item.link} activeProps={{ 'aria-current': 'page', 'className': 'is-active' }}>
                {item.title}
              </Link>
            ) : (
              <a href={item.link}>{item.title}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
