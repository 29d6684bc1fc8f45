import type { StoreCode } from '../domain/store-view.ts';
import { defaultConfig } from './config.ts';
import { openDeviceDatabase } from './db/device-database.ts';
import { createHttpClient } from './http/client.ts';
import { httpTransport } from './queue/http-transport.ts';
import { QUEUE_LEASE_MS, QUEUE_LEASE_RENEW_MS, QueueLease } from './queue/queue-lease.ts';
import { sleep } from './sleep.ts';
import { SyncEngine } from './sync-engine.ts';

/** How long a send waits for the queue's lease: a tab that holds it and still beats is sending, and keeps it. */
const LEASE_WAIT_MS = QUEUE_LEASE_MS + 2 * QUEUE_LEASE_RENEW_MS;
/** What a background send may take before the browser is asked to try again later (it allows a few minutes). */
export const BACKGROUND_SEND_BUDGET_MS = 60_000;

export type BackgroundSendResult =
  /** Everything that waited has been answered. */
  | 'sent'
  /** An open tab holds the queue and sends it. */
  | 'tab-sends'
  /** Offline, or the server did not answer everything in time: the browser fires the sync again later. */
  | 'not-sent';

export interface BackgroundSend {
  done: Promise<BackgroundSendResult>;
  /** The browser fired the sync again while this send runs: try what waits now, not after the back-off. */
  wake(): void;
  /** A new version takes over (STOP_BACKGROUND_SEND): end now; what was not sent stays in the outbox. */
  stop(): void;
}

/**
 * Sends what waits in a store's outbox with no tab open (docs/sync-engine.md "Background Sync"): the service worker
 * runs this on the browser's `sync` event. It is the tab's own sync engine on the same device database, so the same
 * rules hold: an order goes once under its `order_id`, cart updates carry absolute quantities, and it sends only
 * while it holds the queue's lease, so a tab opening at this moment waits for it instead of sending the same tasks.
 * Orders waiting on the device are handed to the queue as on the thank-you page, whose promise "sent as soon as you
 * are online" closing the tab does not take back; those it placed are announced by the next tab.
 */
export function sendOutboxInBackground(storeCode: StoreCode, online: boolean): BackgroundSend {
  let engine: SyncEngine | null = null;
  let stop = () => undefined as void;
  let isStopped = false;
  const stopped = new Promise<false>(
    (resolve) =>
      (stop = () => {
        isStopped = true;
        resolve(false);
      }),
  );
  // Every wait of the send ends with a stop too: the new version's takeover waits for this event to end, and a server
  // that holds a request open (the store's cart, an order) would hold it until the client's timeout, and again for
  // each retry. What is left behind may fail once the database is closed; nothing waits for it.
  const orStop = <T>(work: Promise<T>): Promise<T | false> => {
    work.catch(() => undefined);
    return Promise.race([work, stopped]);
  };
  const done = (async (): Promise<BackgroundSendResult> => {
    if (!online) return 'not-sent';
    const config = defaultConfig(storeCode);
    const { db } = await openDeviceDatabase(storeCode);
    let gained = () => undefined as void;
    const holding = new Promise<void>((resolve) => (gained = resolve));
    const lease = new QueueLease({
      db,
      now: () => Date.now(),
      onGained: () => gained(),
      log: (m) => console.warn(`[background sync] ${m}`),
    });
    // no page beats here: the service worker is alive while its event lasts, and renews for as long
    const beat = setInterval(() => lease.pageAlive(), QUEUE_LEASE_RENEW_MS);
    try {
      const held = await Promise.race([holding.then(() => true), sleep(LEASE_WAIT_MS).then(() => null), stopped]);
      if (held === null) return 'tab-sends';
      if (!held) return 'not-sent';
      const http = createHttpClient({
        baseUrl: config.apiBase,
        timeoutMs: config.httpTimeoutMs,
        appVersion: config.appVersion,
      });
      engine = new SyncEngine({
        db,
        transport: httpTransport(http),
        // nobody sees a notice now; what the shopper must know (an order placed) is kept for the next tab
        notify: () => undefined,
        isLeader: () => lease.holds(),
        online: true,
        cart: { taxDefaultCountry: config.taxCountry, storeCode: config.storeCode },
        automaticOrderTransmission: true,
        outboxReports: true,
      });
      const running = engine;
      const orders = await running.sentInBackground.unansweredOrderIds();
      try {
        const started = await orStop(running.start().then(() => running.checkout.onOnline().then(() => true)));
        const idle = started && (await orStop(running.whenIdle(BACKGROUND_SEND_BUDGET_MS)));
        return idle ? 'sent' : 'not-sent';
      } finally {
        await running.sentInBackground.remember(orders);
        // a stopped send reports nothing: its request would hold the event again; the next tab reports what waits
        if (!isStopped) await running.outbox?.report();
      }
    } finally {
      clearInterval(beat);
      engine?.stop();
      await lease.release().catch(() => undefined);
      await db.close();
    }
  })();
  return { done, wake: () => engine?.wake(), stop };
}
