import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { previousNavPath } from '../../domain/nav-path.ts';
import { pageNameOf } from '../lib/document-title.ts';
import { t } from '../lib/i18n/index.ts';
import { useLiveQuery } from '../lib/live-query.ts';

export interface Crumb {
  text: string;
  to?: string;
}

/** Spec 001 §2: the back link waits 150 ms so its pressed state is visible before the page changes. */
export const BACK_LINK_DELAY_MS = 150;

/**
 * The previous path of nav_path (spec 000 §2) as seen from the current page: the entry before the current one, or
 * the last entry while the current navigation is still being recorded.
 */
function previousPath(history: readonly string[], current: string): string | null {
  return history.at(-1) === current
    ? previousNavPath(history)
    : (history.filter((p) => !p.includes('#')).at(-1) ?? null);
}

/** Spec 001 §2: on mobile a back-to-previous link shows the last path's name, or Home. */
function BackLink() {
  const router = useRouter();
  const { pathname } = useLocation();
  const history = useLiveQuery({ name: 'navPath' });
  // Until the worker has answered, the previous page is unknown: the link keeps its place but names nothing yet,
  // rather than saying "Home" for a moment (and on the server, which never knows the shopper's path).
  const known = history !== undefined;
  const previous = previousPath(history ?? [], pathname);
  const to = previous ?? '/';
  const name = previous && previous !== '/' ? (pageNameOf(previous) ?? null) : t('Home');
  return (
    <nav
      // hidden by a class, not style="", which the CSP refuses in the server's HTML (docs/security.md)
      className={known ? 'breadcrumbs breadcrumbs-back' : 'breadcrumbs breadcrumbs-back breadcrumbs-unknown'}
      aria-label={t('Breadcrumbs')}
      aria-hidden={known ? undefined : true}
    >
      <a
        href={to}
        onClick={(e) => {
          e.preventDefault();
          setTimeout(() => void router.navigate({ href: to }), BACK_LINK_DELAY_MS);
        }}
      >
        ‹ {name ? t('Back to {name}', { name }) : t('Back')}
      </a>
    </nav>
  );
}

/**
 * Crumbs from the URL path (spec 001 §2) for pages outside the category tree: Home, then each parent path named as
 * its page named itself when visited, else by its segment ("evenementen" → "Evenementen").
 */
export function urlPathCrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).slice(0, -1);
  const parents = segments.map((segment, i) => {
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    const fallback = decodeURIComponent(segment).replace(/-/g, ' ');
    return { text: pageNameOf(to) ?? fallback.charAt(0).toUpperCase() + fallback.slice(1), to };
  });
  return [{ text: t('Home'), to: '/' }, ...parents];
}

/** Crumbs from the category path (spec 001 §2) for a category or product page: Home, then each parent category. */
export function categoryCrumbs(trail: readonly { name: string; url_path?: string }[]): Crumb[] {
  return [{ text: t('Home'), to: '/' }, ...trail.map((c) => ({ text: c.name, to: `/${c.url_path}` }))];
}

/**
 * Breadcrumbs from the category path or URL path (spec 001 §2); on mobile (< 1024 px) the back link replaces them.
 * Both are rendered and the stylesheet shows one: the server, which cannot know the screen's width, sends the trail
 * to a wide screen and to search engines, and the phone's back link, in the same HTML.
 */
export function Breadcrumbs({ items, current }: { items: Crumb[]; current: string }) {
  return (
    <>
      <BackLink />
      <nav className="breadcrumbs breadcrumbs-trail" aria-label={t('Breadcrumbs')}>
        <ol>
          {items.map((c) => (
            <li key={`${c.text}${c.to}`}>
              {/* A crumb is a page above this one: never marked as the current page (the router's prefix match). */}
              {c.to ? (
                <Link to={c.to} activeOptions={{ exact: true }}>
                  {c.text}
                </Link>
              ) : (
                c.text
              )}
            </li>
          ))}
          <li aria-current="page">{current}</li>
        </ol>
      </nav>
    </>
  );
}
