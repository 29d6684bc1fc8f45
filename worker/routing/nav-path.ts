/**
 * Spec 000 §2 navigation path history (`nav_path`): at most 30 entries, cleared at start, the previous path ignores
 * entries containing '#', and the last n entries can be dropped. Pure functions; the routing area persists the list
 * in the kv collection. (src/domain has no nav-path module, so the rule lives here.)
 */
export const NAV_PATH_MAX = 30;

export function pushNavPath(history: readonly string[], path: string): string[] {
  if (history[history.length - 1] === path) return [...history];
  return [...history, path].slice(-NAV_PATH_MAX);
}

/** The path before the current (last) one, skipping entries with '#'; null when there is none. */
export function previousNavPath(history: readonly string[]): string | null {
  for (let i = history.length - 2; i >= 0; i--) {
    if (!history[i].includes('#')) return history[i];
  }
  return null;
}

export function dropLastNavPaths(history: readonly string[], count: number): string[] {
  if (count <= 0) return [...history];
  return history.slice(0, Math.max(0, history.length - count));
}
