import type { Transactions } from '../../db/batched-transaction.ts';
import type { Db } from '../../db/db.ts';
import { withRetry } from '../../db/with-retry.ts';
import type { IdempotentAnswer } from './idempotent-answer.ts';

/**
 * Work that moves no points but must happen at most once per Idempotency-Key (an upload's move
 * to 'applying'): one transaction that holds the key first, does the work and stores its answer
 * with COMMIT, retried whole on a serialization failure or deadlock. Point-moving work goes
 * through the send runner instead.
 */
export async function runIdempotent<A>(
  transactions: Transactions,
  answer: IdempotentAnswer<A>,
  work: (tx: Db) => Promise<A>,
): Promise<A> {
  return withRetry(() =>
    transactions.run(async (t) => {
      if (answer.hold?.length) await t.run(answer.hold);
      const result = await work(await t.tx());
      const store = answer.store(result);
      await t.commit(store ? [store] : []);
      return result;
    }),
  );
}
