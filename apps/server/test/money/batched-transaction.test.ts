import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../../src/db/statement.ts';
import { businessRule } from '../../src/lib/app-errors.ts';
import { countProbes as count, insertProbe as insert, setupProbe, storedProbes } from '../support/probe-factories.ts';

/**
 * The send runner's transport (decision 0049): statements sent together (one write on
 * PostgreSQL's pipelined pool, one by one on PGlite) behave as if run one after another.
 */
const probe = setupProbe();
const stored = () => storedProbes(probe.database);
const clear = () => probe.database.db.execute(sql`delete from probe`);

describe('batched transactions', () => {
  it('answers each statement in order, and a later statement sees the earlier ones', async () => {
    await clear();
    const answers = await probe.database.transactions.run(async (t) => {
      const first = await t.run([insert(1), insert(2), count()]);
      const second = await t.commit([insert(3), count()]);
      return [...first, ...second];
    });
    expect(answers).toEqual([1, 2, 2, 3, 3]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('a step that is a function sees the statements sent before it, in the same transaction', async () => {
    await clear();
    await probe.database.transactions.run(async (t) => {
      await t.run([insert(10)]);
      const tx = await t.tx();
      const { rows } = (await tx.execute(sql`select count(*)::int as c from probe`)) as unknown as {
        rows: { c: number }[];
      };
      expect(Number(rows[0]!.c)).toBe(1);
      await tx.execute(sql`insert into probe (n) values (11)`);
      await t.commit([]);
    });
    expect(await stored()).toEqual([10, 11]);
  });

  it('the first failure wins (mapped by its statement) and nothing of the transaction lasts', async () => {
    await clear();
    const failing: Statement = {
      sql: sql`select 1 / 0 as x`,
      read: () => undefined,
      fail: () => businessRule('mapped failure'),
    };
    await expect(
      probe.database.transactions.run(async (t) => {
        await t.run([insert(20), failing, insert(21), { ...count(), fail: () => new Error('not this one') }]);
        await t.commit([]);
      }),
    ).rejects.toThrow('mapped failure');
    expect(await stored()).toEqual([]);
  });

  it('a refusal read from an answer wins over a later failure, and rolls back what was sent after it', async () => {
    await clear();
    const refusing: Statement = {
      sql: sql`select 1 as one`,
      read: () => {
        throw businessRule('refused');
      },
    };
    await expect(
      probe.database.transactions.run(async (t) => {
        await t.run([insert(30), refusing, insert(31), { sql: sql`select 1 / 0`, read: () => undefined }]);
        await t.commit([]);
      }),
    ).rejects.toThrow('refused');
    expect(await stored()).toEqual([]);
  });

  it('a failure sent with COMMIT ends the transaction: nothing lasts, and the connection serves the next one', async () => {
    await clear();
    const failing: Statement = { sql: sql`select 1 / 0 as x`, read: () => undefined, fail: () => businessRule('no') };
    // More rounds than the pool has connections: each one is reused after a failed COMMIT.
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.allSettled(
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
          probe.database.transactions.run(async (t) => {
            const n = 200 + round * 10 + i;
            await t.commit(i % 2 === 0 ? [insert(n), failing, insert(n + 100)] : [insert(n)]);
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (i % 2 ? 'fulfilled' : 'rejected')),
      );
    }
    expect(await stored()).toEqual([201, 203, 205, 207, 211, 213, 215, 217, 221, 223, 225, 227]);
  });

  it('work that ends without commit() is refused and leaves nothing', async () => {
    await clear();
    await expect(probe.database.transactions.run(async (t) => void (await t.run([insert(40)])))).rejects.toThrow(
      'without commit()',
    );
    expect(await stored()).toEqual([]);
  });

  it('a prepared (named) statement is reused with other values, on one connection and across them', async () => {
    await clear();
    const named = (n: number): Statement<number> => ({ ...insert(n), name: 'probe_insert' });
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        [0, 1, 2, 3].map((i) =>
          probe.database.transactions.run(async (t) => void (await t.commit([named(100 + round * 10 + i)]))),
        ),
      );
    }
    expect(await stored()).toHaveLength(12);
  });
});
