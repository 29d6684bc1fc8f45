import type { RouteMatch } from '../api-types.ts';

export const PAGE_NOT_FOUND = 'page-not-found';

/**
 * Spec 000 §2: the path is mapped when the route is unmatched, is the page-not-found route, or is a dispatcher route
 * without params. Everything else keeps the route the app matched.
 */
export function needsDispatch(match: RouteMatch | undefined): boolean {
  if (!match || !match.name) return true;
  if (match.name === PAGE_NOT_FOUND) return true;
  return match.dispatcher === true && Object.keys(match.params ?? {}).length === 0;
}
