/**
 * Events inside the worker, between areas (the app sees only live queries). Every event is declared in this map
 * with its payload, so raising or hearing one is type-checked by name.
 */
export interface WorkerEventMap {
  'online': boolean;
  /** A chance to send what waits: the browser said online again, or a tab became visible (docs/sync-engine.md). */
  'wake': void;
  /** The page's heartbeat: its tab is not frozen (worker/queue/queue-lease.ts). */
  'page-alive': void;
  /** The page is about to be frozen or left (`freeze`, `pagehide`): its worker gives the queue's lease up. */
  'page-stopped': void;
  /** A page subscribed to the notifications: a notice raised from now on is seen (a start's notices wait for this). */
  'notifications-heard': void;
  /** Cache entries were purged (quota check or quota error); in-memory copies (e.g. the URL map) must be dropped too. */
  'quota-purge': void;
  /** Token refresh failed or auto refresh is off (spec 000 §4 "Token invalidation"): the app opens the signup modal. */
  'open-signup-modal': void;
  /** The server answered 'De gevraagde hoeveelheid is niet beschikbaar' to an item update (spec 000 §8). */
  'add-to-cart-failed': { sku: string };
}

type Listener<T> = (payload: T) => void;

/** One event as `emit` takes it: its name, and its payload unless it has none. */
export type WorkerEvent = {
  [K in keyof WorkerEventMap]: WorkerEventMap[K] extends void ? [name: K] : [name: K, payload: WorkerEventMap[K]];
}[keyof WorkerEventMap];

/** The emit of `WorkerEvents`, for modules that raise events without listening to any. */
export type EmitWorkerEvent = (...event: WorkerEvent) => void;

export class WorkerEvents {
  private listeners = new Map<string, Set<Listener<never>>>();

  on<K extends keyof WorkerEventMap>(name: K, listener: Listener<WorkerEventMap[K]>): () => void {
    let set = this.listeners.get(name as string);
    if (!set) this.listeners.set(name as string, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit(...[name, payload]: WorkerEvent): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        (listener as Listener<unknown>)(payload);
      } catch (error) {
        console.error(`[worker] listener of ${String(name)} failed`, error);
      }
    }
  }
}
