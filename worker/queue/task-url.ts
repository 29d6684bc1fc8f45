/**
 * Task urls are stored with placeholders and filled in at send time, so a task queued offline carries the token and
 * cart id valid when it is finally sent (after a refresh or a cart re-creation), not the ones of the moment it was made.
 */
export const TOKEN_PLACEHOLDER = '{{token}}';
export const CART_ID_PLACEHOLDER = '{{cartId}}';

export function needsCartId(url: string): boolean {
  return url.includes(CART_ID_PLACEHOLDER);
}

export function usesUserToken(url: string): boolean {
  return url.includes(TOKEN_PLACEHOLDER);
}

export function resolveTaskUrl(url: string, token: string | null, cartId: string | null): string {
  return url
    .replaceAll(TOKEN_PLACEHOLDER, encodeURIComponent(token ?? ''))
    .replaceAll(CART_ID_PLACEHOLDER, encodeURIComponent(cartId ?? ''));
}
