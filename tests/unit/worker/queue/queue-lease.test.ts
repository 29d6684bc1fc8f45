import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { PAGE_ALIVE_MS, QUEUE_LEASE_MS, QueueLease } from '../../../../worker/queue/queue-lease.ts';
import { openTestDatabase } from '../support/test-db.ts';

/**
 * Which tab sends the queue (docs/sync-engine.md "Leadership"): two tabs' leases on one database, a clock the test
 * moves. The lease's own 1.5 s timer runs for real; `vi.waitFor` waits for its next look.
 */
describe('the queue lease passes on when the leading page stops, never to two tabs at once', () => {
  let db: ShopDatabase;
  const leases: QueueLease[] = [];
  let clock = 1_000_000;
  const now = () => clock;

  function tab(sending: () => boolean = () => false) {
    const gained: number[] = [];
    const lease = new QueueLease({ db, now, onGained: () => gained.push(clock), log: () => undefined, sending });
    leases.push(lease);
    return { lease, gained };
  }

  async function twoTabs(sendingA?: () => boolean) {
    ({ db } = await openTestDatabase());
    const a = tab(sendingA);
    await vi.waitFor(() => expect(a.lease.holds()).toBe(true));
    const b = tab();
    b.lease.pageAlive();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.lease.holds(), 'the lease is taken: the second tab waits').toBe(false);
    return { a, b };
  }

  afterEach(async () => {
    for (const lease of leases.splice(0)) lease.stop();
    await db?.remove();
  });

  it('a page that stops beating: its worker gives the lease up and the other tab takes it, told to send', async () => {
    const { a, b } = await twoTabs();
    // A's page is silent (frozen without a word, discarded) for longer than two beats; B's page beats
    clock += PAGE_ALIVE_MS + 1;
    expect(a.lease.holds(), 'a silent page starts no task').toBe(false);
    b.lease.pageAlive();
    await vi.waitFor(() => expect(b.lease.holds()).toBe(true), { timeout: 5_000 });
    expect(b.gained).toHaveLength(1);
    // A resumed: it finds the lease taken and stays quiet
    a.lease.pageAlive();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(a.lease.holds()).toBe(false);
    expect(b.lease.holds()).toBe(true);
  }, 15_000);

  it('a page that says it is about to be frozen gives the lease up at once, without waiting for its lapse', async () => {
    const { a, b } = await twoTabs();
    a.lease.pageStopped();
    expect(a.lease.holds()).toBe(false);
    // no time passes on the clock: B claims only because A gave the lease up
    await vi.waitFor(() => (b.lease.pageAlive(), expect(b.lease.holds()).toBe(true)), { timeout: 3_000 });
  }, 10_000);

  it('with a task on its way, the silent page keeps the lease until the answer is handled, so nobody sends it again', async () => {
    let sending = true;
    const { a, b } = await twoTabs(() => sending);
    a.lease.pageStopped();
    expect(a.lease.holds(), 'no new task starts').toBe(false);
    // past a whole lease, still answering: A renews, B gets nothing
    for (let i = 0; i < 3; i++) {
      clock += QUEUE_LEASE_MS - 1000;
      a.lease.pageStopped();
      await new Promise((resolve) => setTimeout(resolve, 1_700));
      b.lease.pageAlive();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(b.lease.holds(), `B while A's task is on its way (${i})`).toBe(false);
    }
    sending = false;
    await vi.waitFor(() => (b.lease.pageAlive(), expect(b.lease.holds()).toBe(true)), { timeout: 5_000 });
  }, 20_000);
});
