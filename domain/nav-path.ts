/** Navigation path history (spec 000 §2): at most 30 entries (stored under KV_KEYS.navPath, 'nav_path'). */
export const NAV_PATH_MAX = 30;

/**
 * Adds a visited path, dropping the oldest beyond 30. The same path twice in a row (a reload, a re-render) is kept
 * once, so "previous path" never points back at the current page. Arriving at the previous path is a step back (the
 * back link, the browser's back button): it drops the last entry instead, so the next back link leads further back.
 */
export function pushNavPath(history: readonly string[], path: string): string[] {
  if (history[history.length - 1] === path) return [...history];
  if (history.length >= 2 && history[history.length - 2] === path) return dropLastNavPaths(history);
  return [...history, path].slice(-NAV_PATH_MAX);
}

/** The path before the current one, ignoring entries containing '#' (in-page anchors); null when there is none. */
export function previousNavPath(history: readonly string[]): string | null {
  const paths = history.filter((p) => !p.includes('#'));
  return paths.length >= 2 ? paths[paths.length - 2] : null;
}

/** Drops the last n entries (after a back navigation). */
export function dropLastNavPaths(history: readonly string[], n = 1): string[] {
  return n <= 0 ? [...history] : history.slice(0, Math.max(0, history.length - n));
}
