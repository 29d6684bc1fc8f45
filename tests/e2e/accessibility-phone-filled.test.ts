import { PHONE } from './browser.ts';
import { describeWcag } from './wcag.ts';

/**
 * axe-core's WCAG 2.2 A/AA rules over the filled states (size guide open, cart, wishlist, compare, checkout with an
 * address, the account pages) on a 412 px phone (docs/accessibility.md).
 */
describeWcag('phone', PHONE, 'filled');
