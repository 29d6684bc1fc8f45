import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';

/** How long a claim holds without renewal. */
export const QUEUE_LEASE_MS = 5000;
/** How often the holder renews (and another tab looks whether the lease has lapsed). */
export const QUEUE_LEASE_RENEW_MS = 1500;
/** The page's heartbeat is this old (two beats missed): its tab is frozen or gone, so its worker lets the lease lapse. */
export const PAGE_ALIVE_MS = 3000;

/** A Web Lock each worker holds for its life: the browser lets go of it when the worker's page is closed or left. */
const LIFE_LOCK_PREFIX = 'ofm-queue-tab-';

interface LeaseValue {
  holder: string;
  until: number;
}

/**
 * Which tab sends the queue (docs/sync-engine.md "Leadership"): the holder of a lease in the shared database, renewed
 * every 1.5 s by a worker whose page still beats. RxDB's leader election alone holds a Web Lock, which a frozen tab
 * keeps (RxDB #8514); and Chromium keeps a frozen page's dedicated worker running, so its lock never passes on. Here
 * the page's heartbeat stops with the page, the worker stops renewing, and within QUEUE_LEASE_MS another tab claims
 * the lease and sends what waits. A claim is a compare-and-set on one kv document (RxDB retries the modifier on a
 * conflicting write), so two tabs never hold it at once; a resumed tab finds it taken and stays quiet.
 */
export class QueueLease {
  readonly tab = crypto.randomUUID();
  private heldUntil = 0;
  private pageSeenAt: number;
  private readonly timer: ReturnType<typeof setInterval>;
  private ticking: Promise<void> | null = null;
  private readonly life = holdLifeLock(LIFE_LOCK_PREFIX + this.tab);

  constructor(
    private readonly o: {
      db: ShopDatabase;
      now: () => number;
      onGained: () => void;
      log: (m: string) => void;
      /** A task is on its way: the holder keeps the lease until its answer is handled, so no other tab sends it again. */
      sending?: () => boolean;
    },
  ) {
    this.pageSeenAt = o.now();
    this.timer = setInterval(() => void this.tick(), QUEUE_LEASE_RENEW_MS);
    void this.tick();
  }

  /** This tab may start sending a task now: it holds the lease and its page still beats. */
  holds(): boolean {
    return this.leased() && !this.pageGone();
  }

  private leased(): boolean {
    return this.heldUntil > this.o.now();
  }

  private pageGone(): boolean {
    return this.o.now() - this.pageSeenAt > PAGE_ALIVE_MS;
  }

  /** The page's heartbeat (every 1.5 s while it runs, and when it becomes visible). */
  pageAlive(): void {
    this.pageSeenAt = this.o.now();
    void this.tick();
  }

  /**
   * The page is about to be frozen or left (`freeze`, `pagehide`): give the lease up now, or as soon as the task on its
   * way is answered, rather than after the heartbeat's silence (another tab, or this tab's next page, takes it).
   */
  pageStopped(): void {
    this.pageSeenAt = -Infinity;
    if (!this.o.sending?.()) void this.giveUp();
  }

  stop(): void {
    clearInterval(this.timer);
    this.life.end();
  }

  /** Gives the lease up at once (the service worker's background send is done): an open tab takes it at its next look. */
  async release(): Promise<void> {
    this.stop();
    await this.giveUp();
  }

  private async giveUp(): Promise<void> {
    if (!this.leased()) return;
    this.heldUntil = 0;
    const doc = await this.o.db.kv.findOne(KV_KEYS.queueLease).exec();
    await doc?.incrementalModify((data) =>
      (data.value as LeaseValue | undefined)?.holder === this.tab
        ? { ...data, value: { holder: this.tab, until: 0 } }
        : data,
    );
  }

  private tick(): Promise<void> {
    this.ticking ??= this.claim()
      .catch((error: unknown) => this.o.log(`queue lease: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async claim(): Promise<void> {
    const now = this.o.now();
    if (this.pageGone() && !(this.leased() && this.o.sending?.())) {
      // the page stopped and nothing is on its way: give the lease up now rather than let it lapse
      await this.giveUp();
      return;
    }
    const had = this.holds();
    const mine: LeaseValue = { holder: this.tab, until: now + QUEUE_LEASE_MS };
    await this.life.granted;
    // a holder whose worker is gone (its page closed or left: a full navigation in the same tab) holds nothing, so the
    // next page sends at once instead of after the lapse; a frozen holder keeps its lock, and the heartbeat covers it
    const live = await liveHolders();
    const free = (value: unknown) => {
      const lease = value as LeaseValue | undefined;
      return !lease || lease.holder === this.tab || lease.until < now || (live !== null && !live.has(lease.holder));
    };
    const doc = await this.o.db.kv.findOne(KV_KEYS.queueLease).exec();
    let held: LeaseValue | undefined;
    if (!doc) {
      try {
        held = (await this.o.db.kv.insert({ key: KV_KEYS.queueLease, value: mine, updated_at: now }))
          .value as LeaseValue;
      } catch {
        return; // another tab inserted it first: look again at the next tick
      }
    } else {
      const written = await doc.incrementalModify((data) =>
        free(data.value) ? { ...data, value: mine, updated_at: now } : data,
      );
      held = written.value as LeaseValue;
    }
    this.heldUntil = held?.holder === this.tab ? held.until : 0;
    if (!had && this.holds()) this.o.onGained();
  }
}

/** Holds a Web Lock until `end()` or the worker's end; without Web Locks (Node in unit tests) it does nothing. */
function holdLifeLock(name: string): { granted: Promise<void>; end: () => void } {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  let end = () => undefined as void;
  if (!locks) return { granted: Promise.resolve(), end };
  const ended = new Promise<void>((resolve) => (end = resolve));
  const granted = new Promise<void>((resolve) => {
    void locks.request(name, () => {
      resolve();
      return ended;
    });
  });
  return { granted, end };
}

/** The holders whose worker still lives, by their life locks; null when Web Locks are not there to ask. */
async function liveHolders(): Promise<Set<string> | null> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return null;
  const { held = [] } = await locks.query();
  const names = held.map((lock) => lock.name ?? '').filter((name) => name.startsWith(LIFE_LOCK_PREFIX));
  return new Set(names.map((name) => name.slice(LIFE_LOCK_PREFIX.length)));
}
