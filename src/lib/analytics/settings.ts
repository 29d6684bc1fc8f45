import { readDeviceJson, writeDeviceJson } from '../device-storage.ts';

/**
 * Whether analytics runs on this storefront (spec 001 §5 "Analytics runs only if a tag-manager id string exists and
 * the GA4 flag is true. Otherwise a warning is given."): the server's `GET /api/analytics/config`, kept on the device
 * so a shopper offline still knows.
 */
export interface AnalyticsSettings {
  tagManagerId: string | null;
  ga4: boolean;
}

const KEY = 'ofm-analytics-settings';
export const ANALYTICS_OFF_WARNING =
  'Analytics is off: no tag-manager id is configured or the GA4 flag is false (spec 001 §5).';

let loading: Promise<AnalyticsSettings | null> | undefined;
let warned = false;

const cached = () => readDeviceJson<AnalyticsSettings | null>(KEY, null);

async function fetchSettings(): Promise<AnalyticsSettings | null> {
  try {
    const res = await fetch('/api/analytics/config', { headers: { accept: 'application/json' } });
    if (!res.ok) return cached();
    const { result } = (await res.json()) as { result: AnalyticsSettings };
    writeDeviceJson(KEY, result);
    return result;
  } catch {
    return cached();
  }
}

/** The settings, or null while they are unknown (offline on a first visit): events then wait in the queue. */
export async function analyticsSettings(): Promise<AnalyticsSettings | null> {
  loading ??= fetchSettings();
  const settings = await loading;
  if (!settings) loading = undefined; // asked again next time
  return settings;
}

/** The tag-manager id when analytics runs; null when it does not (with the spec's warning, once per page load). */
export function enabledTagManager(settings: AnalyticsSettings): string | null {
  if (settings.tagManagerId && settings.ga4) return settings.tagManagerId;
  if (!warned) {
    warned = true;
    console.warn(ANALYTICS_OFF_WARNING);
  }
  return null;
}
