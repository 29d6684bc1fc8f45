import { createStore } from '../../lib/store.ts';

/**
 * Whether the customer-service sheet is open (spec 001 §2: the one modal the bottom sheet holds). Its own module so
 * the bottom navigation can open the sheet without loading it: the sheet's code loads on the first open.
 */
export const serviceSheet = createStore(false);
