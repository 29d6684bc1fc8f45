interface StorageError {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  inner?: unknown;
  cause?: unknown;
  parameters?: { error?: unknown; errors?: unknown[] };
}

/** True when `test` holds for the error or any error RxDB or Dexie wrapped inside it. */
function anyWrapped(error: unknown, test: (e: StorageError) => boolean, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as StorageError;
  if (test(e)) return true;
  const inner = [e.inner, e.cause, e.parameters?.error, ...(e.parameters?.errors ?? [])];
  return inner.some((wrapped) => anyWrapped(wrapped, test, depth + 1));
}

/**
 * A browser storage quota error (DOMException QuotaExceededError, Dexie.QuotaExceededError, legacy code 22, Firefox
 * NS_ERROR_DOM_QUOTA_REACHED).
 */
export function isQuotaError(error: unknown): boolean {
  return anyWrapped(
    error,
    (e) =>
      e.name === 'QuotaExceededError' ||
      e.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
      e.code === 22 ||
      (typeof e.message === 'string' && /quota/i.test(e.message)),
  );
}

/**
 * The database connection was closed under the worker: Safari's "Connection to Indexed Database server lost",
 * Chromium's "Connection is closing" (the site's storage cleared, the browser closing it) and the AbortErrors its
 * requests in flight then end with ("The connection was closed.", "The transaction was aborted, so the request cannot
 * be fulfilled."), an `InvalidStateError` on a transaction of a closed connection, Dexie's DatabaseClosedError.
 * Reopening the database mends it; a call that fails again after the reopen counts as an error.
 */
export function isConnectionLost(error: unknown): boolean {
  return anyWrapped(
    error,
    (e) =>
      e.name === 'InvalidStateError' ||
      e.name === 'DatabaseClosedError' ||
      (typeof e.message === 'string' && LOST_CONNECTION_MESSAGE.test(e.message)),
  );
}

const LOST_CONNECTION_MESSAGE = new RegExp(
  [
    'connection (is closing|to indexed database server lost)',
    'database (connection )?(is closing|has been closed)',
    'the connection was closed',
    'the transaction was aborted, so the request cannot be fulfilled',
  ].join('|'),
  'i',
);
