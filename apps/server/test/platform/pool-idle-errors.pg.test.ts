import { describe, expect, it } from 'vitest';
import { createTestDatabase, onServer } from '../support/test-database.ts';

/**
 * An idle pooled connection that fails (PostgreSQL restarted, an administrator ended the
 * session) is told to the app and replaced; pg would otherwise throw it and end the server.
 */
describe('idle database connections that fail (PostgreSQL)', () => {
  it('are reported, and both pools answer again on new connections', async () => {
    const failures: Error[] = [];
    const database = await createTestDatabase({ onIdleConnectionError: (error) => failures.push(error) });
    try {
      // One idle connection in each pool: the main one and the send runner's pipelined one.
      await database.pool!.query('select 1');
      await database.sendPool!.query('select 1');
      const name = new URL(database.pool!.options.connectionString!).pathname.slice(1);
      await onServer(process.env.TEST_DATABASE_URL!, (admin) =>
        admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]),
      );
      await expect.poll(() => failures.length).toBe(2);
      expect(failures.every((error) => /terminating connection/.test(error.message))).toBe(true);

      expect((await database.pool!.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
      expect((await database.sendPool!.query('select 3 as n')).rows).toEqual([{ n: 3 }]);
    } finally {
      await database.drop();
    }
  });
});
