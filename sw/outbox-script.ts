/** The Background Sync sender's script in dist/ (sw/outbox-send.ts), loaded by the service worker on demand. */
export const OUTBOX_SCRIPT = 'sw-outbox.js';
