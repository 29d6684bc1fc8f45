import { DESKTOP } from './browser.ts';
import { describeWcag } from './wcag.ts';

/** axe-core's WCAG 2.2 A/AA rules over every route of the route table, empty, on a 1280 px desktop (docs/accessibility.md). */
describeWcag('desktop', DESKTOP, 'empty');
