import type { Ga4Event } from '../../../domain/analytics/ga4.ts';
import { analyticsAllowed, onConsentChange } from './consent.ts';
import { loadTagManager, pushEvents } from './data-layer.ts';
import { clearQueue, drainQueue, enqueue } from './queue.ts';
import { analyticsSettings, enabledTagManager } from './settings.ts';

/**
 * Every event goes through `track`: nothing before consent or after a refusal; otherwise queued on the device and
 * pushed to the dataLayer when online and analytics is configured (spec 001 §5).
 */
export function track(event: Ga4Event | null): void {
  if (!event || !analyticsAllowed()) return;
  enqueue(event);
  void flush();
}

let flushing: Promise<void> | undefined;

async function flush(): Promise<void> {
  if (flushing) return flushing.then(flush);
  flushing = (async () => {
    if (!analyticsAllowed() || !navigator.onLine) return;
    const settings = await analyticsSettings();
    if (!settings) return;
    const id = enabledTagManager(settings);
    if (!id) return clearQueue();
    loadTagManager(id);
    await drainQueue(pushEvents);
  })().finally(() => (flushing = undefined));
  return flushing;
}

/** Started once by the app: asks for the settings (so the warning shows), and pushes what waited when online. */
export function startAnalytics(): void {
  void analyticsSettings().then((settings) => settings && enabledTagManager(settings));
  window.addEventListener('online', () => void flush());
  onConsentChange(() => {
    if (analyticsAllowed()) void flush();
    else clearQueue();
  });
  void flush();
}
