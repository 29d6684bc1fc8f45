import type { Ga4Event } from '../../../domain/analytics/ga4.ts';
import { readDeviceJson, writeDeviceJson } from '../device-storage.ts';

/**
 * Events wait here until they can be pushed (offline, or the settings not known yet). localStorage, not the worker's
 * kv: the dataLayer lives on the main thread, the queue is read synchronously on every flush, and it must survive a
 * reload. Each event carries an id; a flush takes the queue under a Web Lock shared by the shop's tabs and empties it
 * before pushing, so an event is pushed at most once, by one tab.
 */
export interface QueuedEvent extends Ga4Event {
  event_id: string;
}

const KEY = 'ofm-analytics-queue';
const LOCK = 'ofm-analytics-queue';
/** A queue kept offline for a long time stays bounded; the oldest events go first. */
const MAX_QUEUED = 200;

function read(): QueuedEvent[] {
  return readDeviceJson<QueuedEvent[]>(KEY, []);
}

/** Storage full or refused: the events are lost, never pushed twice. */
function write(events: QueuedEvent[]): void {
  writeDeviceJson(KEY, events.length ? events.slice(-MAX_QUEUED) : null);
}

export function enqueue(event: Ga4Event): void {
  write([...read(), { ...event, event_id: crypto.randomUUID() }]);
}

export function clearQueue(): void {
  write([]);
}

/** Takes every queued event (the queue is empty afterwards) and hands them to `push`, one tab at a time. */
export async function drainQueue(push: (events: QueuedEvent[]) => void): Promise<void> {
  const take = () => {
    const events = read();
    write([]);
    if (events.length) push(events);
  };
  if (navigator.locks) await navigator.locks.request(LOCK, take);
  else take();
}
