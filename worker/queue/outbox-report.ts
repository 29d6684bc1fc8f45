import type { DeviceOutboxReport } from '../../contract/device-report.ts';
import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';
import type { TaskQueue } from './task-queue.ts';

export const OUTBOX_REPORT_URL = '/api/device/outbox';
/** A drain that changed what waits is reported this long after it, once: a burst of sends is one report. */
export const OUTBOX_REPORT_SETTLE_MS = 2000;

/**
 * Tells the server what waits in this device's outbox (docs/operations.md "Device outbox reports"), at start, on
 * going online and after the queue drained to a different count: the number of waiting tasks and orders, the oldest
 * one's age, and the refusals since the last report. Counts and an age only; the device id is random and means
 * nothing else. A report that does not arrive keeps its refusals for the next one.
 */
export class OutboxReporter {
  private rejections = new Map<string, number>();
  private merges = 0;
  private lastReported: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly o: { db: ShopDatabase; queue: TaskQueue; now: () => number; log: (message: string) => void },
  ) {}

  noteRejection(reason: string): void {
    this.rejections.set(reason, (this.rejections.get(reason) ?? 0) + 1);
  }

  noteMerge(): void {
    this.merges += 1;
  }

  /** After a drain: report again once things settle, if what waits changed since the last report. */
  drained(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.report({ onlyIfChanged: true });
    }, OUTBOX_REPORT_SETTLE_MS);
  }

  async report(options: { onlyIfChanged?: boolean } = {}): Promise<void> {
    while (this.sending) await this.sending;
    if (this.stopped || !this.o.queue.online) return;
    this.sending = this.send(options.onlyIfChanged ?? false).finally(() => (this.sending = null));
    return this.sending;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async send(onlyIfChanged: boolean): Promise<void> {
    try {
      const body = await this.build();
      const state = `${body.tasks}/${body.orders}`;
      if (onlyIfChanged && state === this.lastReported && body.rejections.length === 0 && !body.carts_merged) return;
      const sentRejections = new Map(this.rejections);
      const sentMerges = this.merges;
      const res = await this.o.queue.execute({ url: OUTBOX_REPORT_URL, method: 'POST', payload: body });
      if (res.code !== 200) return;
      this.lastReported = state;
      for (const [reason, count] of sentRejections) {
        const left = (this.rejections.get(reason) ?? 0) - count;
        if (left > 0) this.rejections.set(reason, left);
        else this.rejections.delete(reason);
      }
      this.merges -= sentMerges;
    } catch (error) {
      // offline or a closed database: the next report says it
      if (!this.stopped)
        this.o.log(`outbox report not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async build(): Promise<DeviceOutboxReport> {
    const [tasks, orders] = await Promise.all([
      this.o.db.sync_tasks.find({ selector: { transmited: false } }).exec(),
      this.o.db.orders.find({ selector: { transmited: false } }).exec(),
    ]);
    // a task's created_at is ms × 100 (creation order within a millisecond); an order's is ms
    const oldest = Math.min(...tasks.map((t) => t.created_at / 100), ...orders.map((o) => o.created_at));
    const waiting = tasks.length + orders.length > 0;
    return {
      device: await this.deviceId(),
      tasks: tasks.length,
      orders: orders.length,
      oldest_age_s: waiting ? Math.max(0, Math.round((this.o.now() - oldest) / 1000)) : 0,
      rejections: [...this.rejections].slice(0, 50).map(([reason, count]) => ({ reason, count })),
      ...(this.merges > 0 ? { carts_merged: this.merges } : {}),
    };
  }

  private async deviceId(): Promise<string> {
    const doc = await this.o.db.kv.findOne(KV_KEYS.deviceId).exec();
    const held = doc?.toMutableJSON().value;
    if (typeof held === 'string') return held;
    const fresh = crypto.randomUUID();
    await this.o.db.kv.upsert({ key: KV_KEYS.deviceId, value: fresh, updated_at: this.o.now() });
    return fresh;
  }
}
