/**
 * True for a browser storage quota error, however deep RxDB or Dexie wrapped it (DOMException QuotaExceededError,
 * Dexie.QuotaExceededError, legacy code 22, Firefox NS_ERROR_DOM_QUOTA_REACHED).
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    inner?: unknown;
    cause?: unknown;
    parameters?: { error?: unknown; errors?: unknown[] };
  };
  if (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22) return true;
  if (typeof e.message === 'string' && /quota/i.test(e.message)) return true;
  return (
    isQuotaError(e.inner, depth + 1) ||
    isQuotaError(e.cause, depth + 1) ||
    isQuotaError(e.parameters?.error, depth + 1) ||
    (Array.isArray(e.parameters?.errors) && e.parameters.errors.some((inner) => isQuotaError(inner, depth + 1)))
  );
}
