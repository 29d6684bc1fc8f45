-- The latest outbox report of each device (POST /api/device/outbox): counts and an age only, no personal data.
-- One row per device, replaced by its next report, so /metrics can sum what waits on devices across instances.
create table if not exists device_outbox (
  device_id uuid primary key,
  tasks integer not null check (tasks >= 0),
  orders integer not null check (orders >= 0),
  oldest_at timestamptz,
  reported_at timestamptz not null
);
create index if not exists device_outbox_reported_at on device_outbox (reported_at);
