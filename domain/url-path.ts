/**
 * One spelling per path (spec 000 §2 "Route resolution"): leading slash, no query or hash, no trailing slash (except
 * '/'). The worker keys its url map by it and the app compares a resolved route with its location by it, so a path
 * with and without a trailing slash is one path.
 */
export function normalizePath(path: string): string {
  let p = path.split('#')[0].split('?')[0].trim();
  try {
    p = decodeURI(p);
  } catch {
    // A malformed escape stays as it is; it simply will not match anything.
  }
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p;
}

/** The path as the catalogue stores url_path: no leading or trailing slash. */
export function urlPathOf(path: string): string {
  return normalizePath(path).replace(/^\/+/, '');
}

export function lastSegment(path: string): string {
  const parts = urlPathOf(path).split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}
