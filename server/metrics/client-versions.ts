import { Counter } from 'prom-client';
import { SHOP_VERSION_PATTERN } from '../../domain/shop-version.ts';
import { shopRegistry } from './counters.ts';

/**
 * Distinct app versions counted by name. A device names its version itself, so a made-up value per request would
 * grow the metric without bound: past this many versions a new one counts as 'other'. Twenty covers months of
 * weekly releases still on devices.
 */
export const CLIENT_VERSION_LABELS_MAX = 20;

const clientRequests = new Counter({
  name: 'ofm_client_version_requests_total',
  help:
    'API requests by the app version the device names in x-shop-version: how many devices still run an old build. ' +
    '"none" without the header (a crawler, curl), "invalid" for a malformed value, "other" past the 20th version.',
  labelNames: ['version'] as const,
  registers: [shopRegistry],
});

const named = new Set<string>();

/** The label a request's version header counts under. */
export function clientVersionLabel(header: string | string[] | undefined): string {
  if (header === undefined) return 'none';
  const version = Array.isArray(header) ? header[0] : header;
  if (version === undefined || !SHOP_VERSION_PATTERN.test(version)) return 'invalid';
  if (named.has(version)) return version;
  if (named.size >= CLIENT_VERSION_LABELS_MAX) return 'other';
  named.add(version);
  return version;
}

export function countClientVersion(header: string | string[] | undefined): void {
  clientRequests.inc({ version: clientVersionLabel(header) });
}
