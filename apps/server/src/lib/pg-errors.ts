/** The database's own error inside what a driver threw (Drizzle wraps it as `cause`). */
function databaseError(error: unknown): { code: string; detail?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a PostgreSQL error on the error or its `cause` chain (Drizzle wraps driver errors). */
export function sqlStateOf(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/** The DETAIL of a database error with this SQLSTATE (e.g. a refusal the database raised), or undefined. */
export function sqlStateDetail(error: unknown, code: string): string | undefined {
  const found = databaseError(error);
  return found?.code === code ? String(found.detail ?? '') : undefined;
}

/** A data exception (SQLSTATE class 22: out of range, bad encoding, …): the input was bad. */
export function postgresDataError(error: unknown): string | undefined {
  const state = sqlStateOf(error);
  return state?.startsWith('22') ? state : undefined;
}

/** A unique constraint refused the write (23505), e.g. two requests raced for one value. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/** PostgreSQL error codes worth retrying the whole transaction for. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

/** A serialization failure or a deadlock: the whole transaction may be run again. */
export function isRetryable(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE.has(code);
}
