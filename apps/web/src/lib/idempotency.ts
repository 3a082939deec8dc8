import { useState } from 'react';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { ApiError } from './api-error.ts';

/**
 * Idempotency keys for point-moving requests (architecture.md §4). One key per submission:
 * a retry of the same body (after a network failure, a 5xx or a 409 "still in flight") reuses
 * it, so the server pays at most once; a changed body or a settled answer starts a new one.
 */
export class IdempotencyKeys {
  private body: string | null = null;
  private key: string | null = null;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for this body: the previous one while the same body is being retried. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.key === null || this.body !== text) {
      this.key = this.newKey();
      this.body = text;
    }
    return this.key;
  }

  /** The submission is over (paid, or refused for good): the next one gets a new key. */
  settle(): void {
    this.key = null;
    this.body = null;
  }

  /**
   * Sends once per key: a second call while the first is still running (a double click)
   * shares its answer instead of racing it to the server.
   */
  send<T>(body: unknown, post: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(body);
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const attempt = post(key).then(
      (result) => {
        if (this.key === key) this.settle();
        return result;
      },
      (error: unknown) => {
        if (isSettledRefusal(error) && this.key === key) this.settle();
        throw error;
      },
    );
    const tracked = attempt.finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, tracked);
    return tracked;
  }
}

/**
 * A 4xx answer means the server decided and moved nothing, so the next try is a new request
 * with a new key — except the 409 that says the same key is still being processed (its own
 * problem type), which is retried with the same key. No answer or a 5xx leaves the outcome
 * unknown, so the key is kept. (A refusal is stored under its key: keeping the key after a
 * business 409 such as "the price changed" would replay that refusal on every later try.)
 */
export function isSettledRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  return !(error.status === 409 && error.problem?.type === PROBLEM_TYPES.inFlight);
}

/** One key store per mounted form. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => new IdempotencyKeys());
  return keys;
}
