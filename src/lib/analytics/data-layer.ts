import type { QueuedEvent } from './queue.ts';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Loads the tag manager's script once, with the container id (only ever called after consent). */
export function loadTagManager(id: string): void {
  if (document.getElementById('gtm-script')) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), 'event': 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** GA4's rule: an ecommerce event clears the previous `ecommerce` object first, so fields never mix. */
export function pushEvents(events: QueuedEvent[]): void {
  const layer = (window.dataLayer ??= []);
  for (const event of events) {
    if (event.ecommerce) layer.push({ ecommerce: null });
    layer.push(event);
  }
}
