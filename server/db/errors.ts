/**
 * PostgreSQL errors (both drivers carry the SQLSTATE as `code`) that a value in the request caused rather than the
 * server: class 22 "data exception" (a number out of range, a date PostgreSQL cannot hold, an invalid byte) and
 * 54000/54001 (a statement or value too complex, e.g. jsonb nested too deep). The app answers them as a 400.
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    (code.startsWith('22') || code === '54000' || code === '54001')
  );
}
