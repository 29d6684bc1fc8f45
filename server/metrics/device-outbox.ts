import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Gauge, Registry } from 'prom-client';
import { DeviceOutboxReport } from '../../contract/device-report.ts';
import type { Database } from '../db/index.ts';
import { ok } from '../http/envelope.ts';
import { countCartsMerged, deviceRejections, deviceReports } from './counters.ts';

/** A device silent for this long no longer counts as waiting (it was wiped, uninstalled or is gone). */
export const DEVICE_REPORT_STALE_SECONDS = 14 * 86_400;

/**
 * `POST /api/device/outbox`: a device's outbox as it comes online or starts. The latest report per device is kept
 * in the database (so every instance behind a load balancer sums the same devices); its rejections are counted once.
 */
export const deviceOutboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/device/outbox', { schema: { body: DeviceOutboxReport } }, async (request, reply) => {
    const report = request.body;
    const now = app.now();
    const oldestAt = report.tasks > 0 ? new Date(now.getTime() - report.oldest_age_s * 1000).toISOString() : null;
    await app.db.query(
      `insert into device_outbox (device_id, tasks, orders, oldest_at, reported_at) values ($1, $2, $3, $4, $5)
       on conflict (device_id) do update
         set tasks = excluded.tasks, orders = excluded.orders, oldest_at = excluded.oldest_at,
             reported_at = excluded.reported_at`,
      [report.device, report.tasks, report.orders, oldestAt, now.toISOString()],
    );
    deviceReports.inc();
    for (const rejection of report.rejections) deviceRejections.inc({ reason: rejection.reason }, rejection.count);
    countCartsMerged(report.carts_merged ?? 0);
    return ok(reply, true);
  });
};

/** What waits on devices, from their latest reports, read at each scrape. */
export function deviceOutboxRegistry(db: Database, now: () => Date): Registry {
  const registry = new Registry();
  let pending: Promise<OutboxTotals> | null = null;
  // the four gauges are collected one after another in one scrape: one query answers all of them
  const totals = () => {
    pending ??= readTotals(db, now()).finally(() => setTimeout(() => (pending = null), 0));
    return pending;
  };
  const gauge = (name: string, help: string, read: (t: OutboxTotals) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await totals()));
      },
    });
  gauge('ofm_device_outbox_tasks', 'Tasks waiting on devices (their latest reports).', (t) => t.tasks);
  gauge(
    'ofm_device_outbox_orders',
    'Orders placed on devices and not yet sent (their latest reports).',
    (t) => t.orders,
  );
  gauge('ofm_device_outbox_devices_waiting', 'Devices whose latest report had tasks waiting.', (t) => t.devices);
  gauge(
    'ofm_device_outbox_oldest_age_seconds',
    'Age of the oldest task waiting on any device, now (0 when none waits).',
    (t) => t.oldestAgeSeconds,
  );
  return registry;
}

interface OutboxTotals {
  tasks: number;
  orders: number;
  devices: number;
  oldestAgeSeconds: number;
}

async function readTotals(db: Database, now: Date): Promise<OutboxTotals> {
  const since = new Date(now.getTime() - DEVICE_REPORT_STALE_SECONDS * 1000).toISOString();
  const { rows } = await db.query<{ tasks: number; orders: number; devices: number; oldest_at: string | Date | null }>(
    `select coalesce(sum(tasks), 0)::int as tasks, coalesce(sum(orders), 0)::int as orders,
            (count(*) filter (where tasks > 0))::int as devices, min(oldest_at) as oldest_at
       from device_outbox where reported_at > $1`,
    [since],
  );
  const row = rows[0];
  const oldest = row?.oldest_at ? new Date(row.oldest_at).getTime() : null;
  return {
    tasks: row?.tasks ?? 0,
    orders: row?.orders ?? 0,
    devices: row?.devices ?? 0,
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
  };
}
