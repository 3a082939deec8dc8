/** The SQLSTATE of a PostgreSQL error on the error or its `cause` chain (Drizzle wraps driver errors). */
export function sqlStateOf(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
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
