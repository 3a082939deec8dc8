import { isRetryable } from '../lib/pg-errors.ts';

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
