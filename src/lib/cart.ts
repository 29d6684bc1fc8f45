import type { CartState } from '../../worker/api-types.ts';
import { sharedLiveQuery, type SharedLiveQuery } from './shared-live-query.ts';

/**
 * The cart live query, shared: the header's count holds it on every page, so the microcart opens on the lines the
 * count is showing instead of asking the worker again (and saying "empty" until it answered). `undefined` until the
 * worker answered.
 */
export const useCart: SharedLiveQuery<CartState> = sharedLiveQuery({ name: 'cart' });
