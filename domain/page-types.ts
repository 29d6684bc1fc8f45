/**
 * Page-type groups (spec 000 §2 "Page-type groups named in configuration"): every route of the shop belongs to one
 * group, and the group decides the route's layout (spec 001 §2: default, minimal, empty), the analytics page-type tag
 * (spec 001 §2: home, cart, checkout, product detail, overview; the rest Other) and what the shell shows around it.
 * Routes are named by their spec route names (the router's route meta, and the names the URL dispatcher resolves a
 * path to), so a path the dispatcher turns into a product has the group of the product route.
 */

/**
 * The spec's groups, plus `cart`: the spec's list names no group for the cart, yet its analytics tags do, and the cart
 * keeps the full shell (a cart in the checkout group would lose its menu). The newsletter and languages modals are
 * groups of the spec's configuration with no route of their own here: they open over the page of their route.
 */
export const PAGE_TYPE_GROUPS = [
  'home',
  'category',
  'product',
  'cms',
  'not-found',
  'error',
  'checkout',
  'order-confirmation',
  'compare',
  'my-account',
  'static',
  'reset-password',
  'search-panel',
  'cart',
  'newsletter-modal',
  'languages-modal',
  'minimal',
  'empty',
] as const;
export type PageTypeGroup = (typeof PAGE_TYPE_GROUPS)[number];

/** Layouts (spec 001 §2): default (header, footer, modals), minimal (checkout), empty (visual editor). */
export type LayoutName = 'default' | 'minimal' | 'empty';

/** The analytics page-type tags of spec 001 §2 ("Pages count as ProductOverview when a category or landing page is current"). */
export type AnalyticsPageType = 'Home' | 'Cart' | 'Checkout' | 'ProductDetail' | 'ProductOverview' | 'Other';

interface GroupRule {
  layout: LayoutName;
  analytics: AnalyticsPageType;
}

const GROUP_RULES: Record<PageTypeGroup, GroupRule> = {
  'home': { layout: 'default', analytics: 'Home' },
  'category': { layout: 'default', analytics: 'ProductOverview' },
  'product': { layout: 'default', analytics: 'ProductDetail' },
  'cms': { layout: 'default', analytics: 'Other' },
  'not-found': { layout: 'default', analytics: 'Other' },
  'error': { layout: 'default', analytics: 'Other' },
  // spec 001 §1-§2: in checkout the menu button, the highlight bar and the footer's newsletter and links are hidden
  'checkout': { layout: 'minimal', analytics: 'Checkout' },
  'order-confirmation': { layout: 'minimal', analytics: 'Other' },
  'compare': { layout: 'default', analytics: 'Other' },
  'my-account': { layout: 'default', analytics: 'Other' },
  'static': { layout: 'default', analytics: 'Other' },
  'reset-password': { layout: 'default', analytics: 'Other' },
  // the search results list products as a category does, so they are counted as an overview too
  'search-panel': { layout: 'default', analytics: 'ProductOverview' },
  'cart': { layout: 'default', analytics: 'Cart' },
  'newsletter-modal': { layout: 'default', analytics: 'Other' },
  'languages-modal': { layout: 'default', analytics: 'Other' },
  'minimal': { layout: 'minimal', analytics: 'Other' },
  'empty': { layout: 'empty', analytics: 'Other' },
};

/** The URL dispatcher's route: its group is the group of the route the path resolves to, known once resolved. */
export const DISPATCHED = 'dispatched';

/** Spec route name → group. Product routes ({type}-product, spec 000 §2) are matched by their suffix below. */
const ROUTE_GROUPS: Record<string, PageTypeGroup | typeof DISPATCHED> = {
  'home': 'home',
  'cart': 'cart',
  'checkout': 'checkout',
  'checkout-return': 'order-confirmation',
  // the failed payment's return page confirms nothing: the minimal layout's own group
  'checkout-failed': 'minimal',
  'my-account': 'my-account',
  'my-account-placeholder': 'my-account',
  'my-account-profile': 'my-account',
  'my-account-preferences': 'my-account',
  'my-account-loyalty': 'my-account',
  'my-account-coupons': 'my-account',
  'my-account-orders': 'my-account',
  'my-account-order': 'my-account',
  'my-account-transaction': 'my-account',
  'my-account-outbox': 'my-account',
  // login and register lead into the account; the wishlist is the account's favourites (spec 001 §2)
  'login': 'my-account',
  'wishlist': 'my-account',
  'reset-password': 'reset-password',
  'category': 'category',
  // a search-provider landing page counts as an overview (spec 001 §2)
  'elevate-landing-page': 'category',
  'search-results': 'search-panel',
  'compare': 'compare',
  'error': 'error',
  'page-not-found': 'not-found',
  'storyblok': 'cms',
  'cms-page': 'cms',
  'storyblok-empty': 'empty',
  // pages of the shop's own making that are neither catalogue nor content story
  'storelocator': 'static',
  'storelocator-entry': 'static',
  'donation': 'static',
  'donation-status': 'static',
  'newsletter-confirm': 'static',
  'newsletter-unsubscribe': 'static',
  'dispatcher': DISPATCHED,
};

/**
 * The group of a route by its spec route name; `DISPATCHED` for the dispatcher's route, undefined for a name no group
 * holds (the unit test keeps every route of the router in the table).
 */
export function groupOfRoute(name: string | undefined): PageTypeGroup | typeof DISPATCHED | undefined {
  if (!name) return undefined;
  if (name.endsWith('-product')) return 'product';
  return ROUTE_GROUPS[name];
}

export function layoutOf(group: PageTypeGroup | typeof DISPATCHED | undefined): LayoutName {
  return group && group !== DISPATCHED ? GROUP_RULES[group].layout : 'default';
}

export function analyticsPageType(group: PageTypeGroup | undefined): AnalyticsPageType {
  return group ? GROUP_RULES[group].analytics : 'Other';
}
