import type { CompareState } from '../../worker/api-types.ts';
import { sharedLiveQuery, type SharedLiveQuery } from './shared-live-query.ts';

/** Where the compare page lives: the spec names the page type "compare" but no path (docs/catalogue-and-search.md "Compare list"). */
export const COMPARE_PATH = '/vergelijken/';

/** The compare list (every tab, worker/compare/), one subscription for all the toggles of a listing. */
export const useCompareList: SharedLiveQuery<CompareState> = sharedLiveQuery({ name: 'compare' });
