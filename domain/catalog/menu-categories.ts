/** Root category id (spec 000 §9): the menu starts below it, and its ancestors are never looked up. */
export const ROOT_CATEGORY_ID = 2;

/** A menu's categories as the shopper sees them: the active ones, in their position order. */
export function menuOrder<C extends { is_active?: boolean; position?: number }>(categories: C[]): C[] {
  return categories.filter((c) => c.is_active !== false).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}
