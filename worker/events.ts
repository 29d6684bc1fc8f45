/**
 * Events inside the worker, between areas (the app sees only live queries). Areas add their own events by
 * declaration merging: `declare module '../events.ts' { interface WorkerEventMap { 'cart-synced': void } }`.
 */
export interface WorkerEventMap {
  online: boolean;
  /** A storage quota error purged the caches; in-memory copies (e.g. the URL map) must be dropped too. */
  'quota-purge': void;
}

type Listener<T> = (payload: T) => void;

export class WorkerEvents {
  private listeners = new Map<string, Set<Listener<never>>>();

  on<K extends keyof WorkerEventMap>(name: K, listener: Listener<WorkerEventMap[K]>): () => void {
    let set = this.listeners.get(name as string);
    if (!set) this.listeners.set(name as string, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof WorkerEventMap>(name: K, ...payload: WorkerEventMap[K] extends void ? [] : [WorkerEventMap[K]]): void {
    for (const listener of this.listeners.get(name as string) ?? []) {
      try {
        (listener as Listener<unknown>)(payload[0]);
      } catch (error) {
        console.error(`[worker] listener of ${String(name)} failed`, error);
      }
    }
  }
}
