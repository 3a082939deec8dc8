import type { Db } from './db.ts';

/**
 * A query prepared once per database handle, for the hottest read paths (every request's
 * session lookup, the Kudos Thread's viewer flags): Drizzle builds the SQL once instead of on
 * every call, and on PostgreSQL the named statement is parsed and planned once per connection.
 * Only for queries run on the database itself, not inside a transaction.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
