import { ROOT_CATEGORY_ID } from './menu-categories.ts';

/** What a category's place in the tree is known by (spec 000 §3 Category: level, path '1/2/21/34'). */
export interface TrailCategory {
  id: number;
  level?: number;
  path?: string;
  is_active?: boolean;
}

/**
 * What a product's breadcrumbs keep of a category. The server renders a product page from these and the app keeps
 * the same of the worker's categories, so the worker's answer equals the server's and renders nothing again.
 */
export interface TrailEntry {
  id: number;
  name: string;
  url_path: string;
  level: number;
  path: string;
  is_active: boolean;
}

export function trailEntry(category: TrailCategory & { name: string; url_path?: string }): TrailEntry {
  return {
    id: category.id,
    name: category.name,
    url_path: category.url_path ?? '',
    // the root's path '1' is level 0 (spec 000 §3 Category: level, path)
    level: category.level ?? String(category.path ?? '').split('/').length - 1,
    path: category.path ?? '',
    is_active: category.is_active !== false,
  };
}

/**
 * The breadcrumbs ending at a product's deepest category (`deepestCategory`): the active categories above it (`parents`,
 * top first, those of `parentIdsOf` that could be read) and itself.
 */
export function trailTo<C extends TrailCategory & { name: string; url_path?: string }>(
  deepest: C,
  parents: readonly C[],
): TrailEntry[] {
  return [...parents.filter((c) => c.is_active !== false), deepest].map(trailEntry);
}

/** The ids of the categories above a category on its path, top first, without the root levels the shop hides. */
export function parentIdsOf(category: { id: number; path?: string }): number[] {
  return String(category.path ?? '')
    .split('/')
    .map(Number)
    .filter((id) => id > ROOT_CATEGORY_ID && id !== category.id);
}

/** A product's categories that can end its trail: those below the root. */
export function trailIdsOf(categoryIds: readonly number[] | undefined): number[] {
  return (categoryIds ?? []).filter((id) => id > ROOT_CATEGORY_ID);
}

/**
 * The category whose path is a product's breadcrumbs (spec 001 §2 "Breadcrumbs come from the category path"): the
 * deepest of its active categories, the first of equals in the product's own order. The app (from the worker) and
 * the server (its page data and its JSON-LD BreadcrumbList) choose by this one rule, so they show the same trail.
 */
export function deepestCategory<C extends TrailCategory>(categories: readonly C[]): C | null {
  const depth = (c: C) => c.level ?? String(c.path ?? '').split('/').length;
  return categories
    .filter((c) => c.is_active !== false)
    .reduce<C | null>((a, c) => (a && depth(a) >= depth(c) ? a : c), null);
}
