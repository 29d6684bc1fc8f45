/**
 * What the server-rendered page's app starter (server/pages/app-starter.ts) and the app agree on (docs/server-rendering.md
 * "Starting the app").
 */

/**
 * The `elementtiming` name of a page's main image (its largest paint): the starter starts the app after the browser
 * reports that image's paint, and the app's components give the image the name.
 */
export const MAIN_IMAGE_TIMING = 'main-image';

/**
 * The global function by which the app takes over from the starter: it returns the control a shopper tapped and the
 * fields they typed into before the app ran (kept, not lost), and from then on React sees every tap and key itself.
 */
export const EARLY_TAP_HOOK = 'ofmTakeEarlyTap';
