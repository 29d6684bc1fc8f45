/**
 * What the server knows of the app's route table (src/app/router.tsx) to answer a navigation before the app runs:
 * which paths are per-shopper pages (never cached by a CDN, never indexed) and which app routes name a catalogue
 * entity in the path itself. Every other path goes through the URL dispatcher's resolution (spec 000 §2).
 */

/** Cart, checkout, account and the other pages that show one shopper's data or a query (spec 001 §2 route table). */
const PRIVATE_PATHS = [
  'winkelwagen',
  'checkout',
  'checkout-return',
  'checkout-failed',
  'mijn-account',
  'login',
  'password/reset',
  'wishlist',
  'vergelijken',
  'nieuwsbrief/bevestigen',
  'nieuwsbrief/afmelden',
  'mannen-voor-mannen/donatie',
  'catalogsearch/result',
  'error',
  'storyblok',
  'storyblok-empty',
];

/** A path (url_path form, no slashes around) that is one of the private pages or below one. */
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** App routes whose path names the entity: /p/{parentSku}/{slug}[/{childSku}], /c/{slug}, /winkels/{slug}. */
export type AppRoute =
  | { kind: 'product'; sku: string }
  | { kind: 'category'; slug: string }
  | { kind: 'store'; slug: string }
  | { kind: 'store-locator' }
  | { kind: 'home' }
  /** An app page without a catalogue entity to look up (the search page, a donation page): the shell's own head. */
  | { kind: 'page' };

export function appRouteOf(path: string): AppRoute | null {
  if (path === '' || path === 'pwa.html') return { kind: 'home' };
  if (path === 'winkels') return { kind: 'store-locator' };
  const parts = path.split('/');
  if (parts[0] === 'p' && (parts.length === 3 || parts.length === 4)) return { kind: 'product', sku: parts[1] };
  if (parts[0] === 'c' && parts.length === 2) return { kind: 'category', slug: parts[1] };
  if (parts[0] === 'w' && parts[1] === 'winkels' && parts.length === 3) return { kind: 'store', slug: parts[2] };
  if (path === 'l/elevate' || (parts[0] === 'mannen-voor-mannen' && parts.length === 2)) return { kind: 'page' };
  return null;
}
