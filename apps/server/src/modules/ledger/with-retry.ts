/** PostgreSQL error codes worth retrying the whole transaction for. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

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

/** The SQLSTATE of a database error, looking through the wrappers Drizzle puts around it. */
export function pgErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/** The DETAIL of a database error with this SQLSTATE (e.g. a refusal the database raised), or undefined. */
export function pgErrorDetail(error: unknown, code: string): string | undefined {
  const found = databaseError(error);
  return found?.code === code ? String(found.detail ?? '') : undefined;
}

export function isRetryable(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && RETRYABLE.has(code);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` (a whole transaction) again when PostgreSQL aborts it for a serialization failure
 * or a deadlock, with jittered exponential backoff so colliding transactions spread out.
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 8, baseMs = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await sleep(Math.random() * baseMs * 2 ** attempt);
    }
  }
}
