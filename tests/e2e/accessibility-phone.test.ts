import { PHONE } from './browser.ts';
import { describeWcag } from './wcag.ts';

/** axe-core's WCAG 2.2 A/AA rules over every route of the route table, empty, on a 412 px phone (docs/accessibility.md). */
describeWcag('phone', PHONE, 'empty');
