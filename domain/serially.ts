/**
 * Runs async changes one after the other, each after the one before has ended (failed or not): for a read-then-write
 * two callers may start at once, where both would read the state before either wrote it.
 */
export function serially(): <T>(change: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (change) => {
    const next = last.then(change, change);
    last = next.catch(() => undefined);
    return next;
  };
}
