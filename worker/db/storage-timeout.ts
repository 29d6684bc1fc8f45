import type { StorageCallKind } from './storage-health.ts';

/** A storage call that did not answer in time (spec 001 §4 "Offline cache": 800 ms a read or write, 2 s an iteration). */
export class StorageTimeoutError extends Error {
  constructor(kind: StorageCallKind, collection: string, ms: number) {
    super(`storage ${kind} on ${collection} did not answer within ${ms} ms`);
    this.name = 'StorageTimeoutError';
  }
}

/** A timer this late means the worker itself had no CPU (a loaded device), not that the storage did not answer. */
const STARVED_TIMER_MS = 200;

/**
 * Rejects with `error()` when `promise` has not settled after `ms`. When the timer itself fired late, the worker's own
 * thread was starved, so the storage gets the window once more before it counts as not answering.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout>;
    const arm = (retry: boolean) => {
      const armedAt = performance.now();
      timer = setTimeout(() => {
        if (retry && performance.now() - armedAt > ms + STARVED_TIMER_MS) arm(false);
        else reject(error());
      }, ms);
    };
    arm(true);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (reason: unknown) => {
        clearTimeout(timer);
        reject(reason);
      },
    );
  });
}
