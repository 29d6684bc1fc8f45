import { useEffect } from 'react';
import { prefetchKey } from '../../domain/page-data.ts';
import { themeColorProperties, type Theme } from '../../domain/content/theme.ts';
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
 * The theme config (spec 001 §7) through the worker, which keeps it for offline use; a server-rendered page starts from
 * the theme the server rendered with. Undefined until either has answered (then the shell shows its defaults).
 */
export function useTheme(): Theme | undefined {
  const state = useAsync(prefetchKey.theme(), loadTheme);
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
