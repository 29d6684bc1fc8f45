import type { Category } from '../../../worker/api-types.ts';
import { ROOT_CATEGORY_ID } from '../../../domain/catalog/menu-categories.ts';
import { useChildCategories } from '../../lib/child-categories.ts';
import { useTheme } from '../../lib/theme.ts';

/** An entry of the main navigation: its text and link, and the category whose children are its submenu. */
export interface MainMenuItem {
  title: string;
  link: string;
  category?: Category;
}

export const menuItemOf = (c: Category): MainMenuItem => ({ title: c.name, link: `/${c.url_path}`, category: c });

/**
 * The main navigation's top entries (the side menu, the desktop bar and the phone's tabs): the theme config's menu
 * (spec 001 §7), each item with the category it names for its submenu; the category tree below the root while the
 * theme has not answered or names no menu.
 */
export function useMainMenu(): MainMenuItem[] {
  const theme = useTheme();
  const categories = useChildCategories(ROOT_CATEGORY_ID);
  if (!theme?.menu.length) return categories.map(menuItemOf);
  return theme.menu.map((item) => ({
    title: item.title,
    link: item.link,
    category: categories.find((c) => c.id === item.categoryId),
  }));
}
