/// <reference lib="webworker" />
/**
 * The service worker's Background Sync sender, a script of its own (dist/sw-outbox.js): it carries the sync engine and
 * RxDB, which the service worker loads only when the browser fires a sync, so its every start (before each navigation
 * it serves) stays small (docs/sync-engine.md "Background Sync").
 */
import { sendOutboxInBackground } from '../worker/background-send.ts';

(self as unknown as { ofmOutboxSend?: typeof sendOutboxInBackground }).ofmOutboxSend = sendOutboxInBackground;
