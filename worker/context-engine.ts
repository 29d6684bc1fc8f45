import { BehaviorSubject } from 'rxjs';
import type { WorkerContext } from './context.ts';
import { httpTransport } from './queue/http-transport.ts';
import { SyncEngine } from './sync-engine.ts';
import { QueueLease } from './queue/queue-lease.ts';

export interface ContextEngine {
  engine: SyncEngine;
  /** ms of the last "open the signup modal" request, for the `user` live query. */
  signupRequested: BehaviorSubject<number | null>;
  /** The engine's start is done: the session restored and the cart connected to the server (or found offline). */
  started: Promise<void>;
  /** The device's state is read back; local-first commands (the cart's) wait for this only, never for the network. */
  restored: Promise<void>;
}

/**
 * The one sync engine of a worker context, handed to the session, cart and checkout factories by the API composition
 * (api-impl.ts). Starts it (restore session, connect cart), raises its events on the context's bus and follows the
 * context's online state.
 */
export function startSyncEngine(ctx: WorkerContext): ContextEngine {
  const signupRequested = new BehaviorSubject<number | null>(null);
  ctx.events.on('open-signup-modal', () => signupRequested.next(ctx.now()));
  // the tab that sends the queue holds the lease (docs/sync-engine.md "Leadership")
  let gained = () => undefined as void;
  let sending = () => false;
  const lease = new QueueLease({
    db: ctx.db,
    now: () => ctx.now(),
    onGained: () => gained(),
    log: (m) => console.warn(`[sync] ${m}`),
    sending: () => sending(),
  });
  ctx.events.on('page-alive', () => lease.pageAlive());
  ctx.events.on('page-stopped', () => lease.pageStopped());
  const engine = new SyncEngine({
    isLeader: () => lease.holds(),
    db: ctx.db,
    transport: httpTransport(ctx.http),
    notify: (n) => ctx.notify(n),
    emit: (...event) => ctx.events.emit(...event),
    now: () => ctx.now(),
    online: ctx.online.value,
    cart: { taxDefaultCountry: ctx.config.taxCountry, storeCode: ctx.config.storeCode },
    outboxReports: true,
  });
  const started = engine.start().catch((error) => console.error('[sync] start failed', error));
  const restored = engine.restoreLocal().catch(() => started);
  // work that waits for the start: none once the context's database is closed (its worker ending, a test's teardown),
  // and a failure is logged, never left unhandled
  const after = (stage: Promise<void>, work: () => unknown) =>
    void stage
      .then(() => (ctx.db.closed ? undefined : work()))
      .catch((error) => {
        if (!ctx.db.closed) console.error('[sync] failed after the start', error);
      });
  gained = () => after(started, () => engine.wake());
  sending = () => engine.queue.runningTaskId !== null;
  // orders the service worker placed while no tab was open are told here (docs/sync-engine.md "Background Sync"),
  // once a page hears the notices (the worker may start before the page subscribes)
  let watching = false;
  ctx.events.on('notifications-heard', () => {
    if (watching) return;
    watching = true;
    after(restored, () => engine.sentInBackground.watch((n) => ctx.notify(n)));
  });
  // Offline counts at once, also while the start waits for a slow server: an order placed meanwhile must wait on the
  // device (the checkout hands it to the queue only online), not go to a queue that cannot send it and never lets it
  // expire. Online waits for the start, whose cart connection it would race, and takes the state of then.
  let first = true;
  ctx.online.subscribe((online) => {
    if (first) {
      first = false;
      return;
    }
    if (!online) void engine.setOnline(false);
    else after(started, () => ctx.online.value && engine.setOnline(true));
  });
  ctx.events.on('wake', () => after(started, () => engine.wake()));
  return { engine, signupRequested, started, restored };
}
