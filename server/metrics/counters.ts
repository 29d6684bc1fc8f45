import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The shop's own metrics, one registry for the process: the code that sees an event counts it with one of the
 * functions below, and `/metrics` (server/metrics/metrics-routes.ts) writes the registry out. docs/operations.md
 * lists every metric.
 */
export const shopRegistry = new Registry();

export const httpRequests = new Counter({
  name: 'ofm_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [shopRegistry],
});

export const httpDuration = new Histogram({
  name: 'ofm_http_request_duration_seconds',
  help: 'Time from request to answer, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [shopRegistry],
});

const ordersPlaced = new Counter({
  name: 'ofm_orders_placed_total',
  help: 'Orders answered as placed (a device retrying an order it got no answer for is counted again).',
  registers: [shopRegistry],
});

const ordersRejected = new Counter({
  name: 'ofm_orders_rejected_total',
  help: 'Orders refused, by reason.',
  labelNames: ['reason'] as const,
  registers: [shopRegistry],
});

const ordersRepriced = new Counter({
  name: 'ofm_orders_repriced_total',
  help: 'Orders whose prices changed between the device and the server.',
  registers: [shopRegistry],
});

const cartsMerged = new Counter({
  name: 'ofm_carts_merged_total',
  help: 'Guest carts merged into an account cart at login (as devices report them).',
  registers: [shopRegistry],
});

const loginThrottles = new Counter({
  name: 'ofm_login_throttles_total',
  help: 'Login, password and account look-up attempts refused with 429 (too many attempts).',
  labelNames: ['route'] as const,
  registers: [shopRegistry],
});

export const deviceRejections = new Counter({
  name: 'ofm_device_rejections_total',
  help: 'Tasks refused by the server or set aside on devices, by reason (task kind and code), as devices report them.',
  labelNames: ['reason'] as const,
  registers: [shopRegistry],
});

export const deviceReports = new Counter({
  name: 'ofm_device_outbox_reports_total',
  help: 'Outbox reports received from devices.',
  registers: [shopRegistry],
});

export function countOrderPlaced(): void {
  ordersPlaced.inc();
}

/** `reason`: a short fixed name (a key of the order messages, `validation`, …), never a text with data in it. */
export function countOrderRejected(reason: string): void {
  ordersRejected.inc({ reason });
}

/** An order placed at prices other than the ones the device showed (the re-pricing of orders counts here). */
export function countOrderRepriced(): void {
  ordersRepriced.inc();
}

export function countCartsMerged(count = 1): void {
  if (count > 0) cartsMerged.inc(count);
}

export function countLoginThrottled(route: string): void {
  loginThrottles.inc({ route });
}
