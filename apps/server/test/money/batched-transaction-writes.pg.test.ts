import { describe, expect, it } from 'vitest';
import { countProbes as count, insertProbe as insert, setupProbe, storedProbes } from '../support/probe-factories.ts';

/** PostgreSQL only (PGlite has no socket): the send runner's batches are single writes (decision 0049). */
const probe = setupProbe();

describe('batched transactions on PostgreSQL', () => {
  it('on PostgreSQL a batch goes out in one write, and the stored answer with COMMIT in another', async () => {
    let writes = 0;
    const pool = probe.database.sendPool!;
    const spy = (client: unknown) => {
      const stream = (client as { connection: { stream: Record<string, unknown> } }).connection.stream;
      if (stream.spied) return;
      stream.spied = true;
      for (const method of ['_write', '_writev'] as const) {
        const original = stream[method] as (...args: unknown[]) => unknown;
        stream[method] = function (this: unknown, ...args: unknown[]) {
          writes += 1;
          return original.apply(this, args);
        };
      }
    };
    pool.on('acquire', spy);
    try {
      await probe.database.transactions.run(async (t) => {
        writes = 0;
        await t.run([insert(50), insert(51), insert(52), count()]);
        expect(writes).toBe(1);
        await t.commit([insert(53), count()]);
        expect(writes).toBe(2);
      });
    } finally {
      pool.off('acquire', spy);
    }
    expect(await storedProbes(probe.database)).toEqual([50, 51, 52, 53]);
  });
});
