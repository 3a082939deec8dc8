import type { SQL } from 'drizzle-orm';
import type { Statement } from '../../db/statement.ts';

/**
 * The idempotency port: the key as the work's transaction sees it (docs/decisions/0042). `hold`
 * are its first statements (the key's transaction-scoped lock: a live holder → 409; then an
 * answer committed meanwhile → replayed), `store` its last, so "points moved" and "answer
 * stored" commit together and a request that died (process killed) leaves nothing behind, not
 * even a claim. They are statements so the send runner sends them with the work's others
 * (decision 0049). The idempotency plugin implements it for each route that declares
 * `config.idempotency` (`idempotencyOf`); tests pass their own.
 */
export interface IdempotentAnswer<A> {
  hold?: Statement<unknown>[];
  /**
   * The statement that stores the answer, or null when the work keeps its answer itself. The
   * answer may be SQL: a jsonb expression the database builds in the same write (decision 0052).
   */
  store(body: A | SQL): Statement<unknown> | null;
}
