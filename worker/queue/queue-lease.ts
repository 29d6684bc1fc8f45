import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';

/** How long a claim holds without renewal. */
export const QUEUE_LEASE_MS = 5000;
/** How often the holder renews (and another tab looks whether the lease has lapsed). */
export const QUEUE_LEASE_RENEW_MS = 1500;
/** The page's heartbeat is this old: its tab is frozen (or throttled hard), so its worker lets the lease lapse. */
export const PAGE_ALIVE_MS = 4000;

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

  constructor(
    private readonly o: { db: ShopDatabase; now: () => number; onGained: () => void; log: (m: string) => void },
  ) {
    this.pageSeenAt = o.now();
    this.timer = setInterval(() => void this.tick(), QUEUE_LEASE_RENEW_MS);
    void this.tick();
  }

  /** This tab may send now. */
  holds(): boolean {
    return this.heldUntil > this.o.now();
  }

  /** The page's heartbeat (every 1.5 s while it runs, and when it becomes visible). */
  pageAlive(): void {
    this.pageSeenAt = this.o.now();
    void this.tick();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Gives the lease up at once (the service worker's background send is done): an open tab takes it at its next look. */
  async release(): Promise<void> {
    this.stop();
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
    if (now - this.pageSeenAt > PAGE_ALIVE_MS) return;
    const had = this.holds();
    const mine: LeaseValue = { holder: this.tab, until: now + QUEUE_LEASE_MS };
    const free = (value: unknown) => {
      const lease = value as LeaseValue | undefined;
      return !lease || lease.holder === this.tab || lease.until < now;
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
