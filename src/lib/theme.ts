import { useEffect } from 'react';
import { prefetchKey } from '../../domain/page-data.ts';
import { themeColorProperties, type Theme } from '../../domain/content/theme.ts';
import { usePrefetched } from './prefetched.ts';
import { shop } from './shop.ts';
import { useAsync } from './use-async.ts';

let asked: Promise<Theme | null> | null = null;

/** One worker read per app start: the header, the menu and the tabs all ask; a start without an answer asks again. */
function loadTheme(): Promise<Theme | null> {
  asked ??= shop()
    .loadTheme()
    .then((theme) => {
      if (theme === null) asked = null;
      return theme;
    })
    .catch((error: unknown) => {
      asked = null;
      throw error;
    });
  return asked;
}

/**
 * The theme a server-rendered page came with is this app start's copy, as its CMS stories are (src/lib/cms-story.ts):
 * asking again would cost the hydrating phone a request for the same answer. The worker keeps it for an offline start.
 */
function renderedTheme(rendered: Theme | null): Promise<Theme | null> {
  if (asked) return asked;
  asked = Promise.resolve(rendered);
  if (rendered)
    void shop()
      .keepTheme(rendered)
      .catch(() => undefined);
  return asked;
}

/**
 * The theme config (spec 001 §7) through the worker, which keeps it for offline use; a server-rendered page starts from
 * the theme the server rendered with. Undefined until either has answered (then the shell shows its defaults).
 */
export function useTheme(): Theme | undefined {
  const key = prefetchKey.theme();
  const rendered = usePrefetched<Theme | null>(key);
  const state = useAsync(key, () => (rendered === undefined ? loadTheme() : renderedTheme(rendered)));
  return state.data ?? undefined;
}

/**
 * The theme's colours as the design tokens' values, set on the document's root through the CSSOM: the CSP allows no
 * inline style (style-src 'self', server/http/security-headers.ts), and a script's CSSOM change is not one.
 */
export function useThemeColors(theme: Theme | undefined): void {
  useEffect(() => {
    if (!theme) return;
    const root = document.documentElement.style;
    for (const [token, value] of themeColorProperties(theme)) root.setProperty(token, value);
  }, [theme]);
}
