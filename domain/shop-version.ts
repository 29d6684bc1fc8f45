/**
 * The header that names a build's version (docs/api.md "Versions"): the app sends its own on every API request, the
 * server names its own on every answer, so the diagnostics page shows both and `/metrics` counts requests per app
 * version.
 */
export const SHOP_VERSION_HEADER = 'x-shop-version';

/** A version as it travels: `0.1.0+1a2b3c4d5e` (package version, `+`, the commit) or an operator's SHOP_VERSION. */
export const SHOP_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
