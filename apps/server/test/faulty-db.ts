import type { Db } from '../src/db/client.ts';

/** Which table a transaction should fail to write to (null: none). Tests arm and disarm it. */
export interface Fault {
  insertInto: unknown;
}

/**
 * The database with a fault that can be armed: while `fault.insertInto` names a table, a
 * transaction's insert into it throws — a failure in the middle of the work, after the steps
 * before it ran. Passed to the app as the send runner's database.
 */
export function faultyDb(db: Db, fault: Fault): Db {
  const failing = <T extends Db>(tx: T): T =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop !== 'insert') return Reflect.get(target, prop, receiver) as unknown;
        return (table: Parameters<Db['insert']>[0]) => {
          if (fault.insertInto !== null && table === fault.insertInto) throw new Error('injected failure');
          return target.insert(table);
        };
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return ((work, config) => target.transaction((tx) => work(failing(tx)), config)) as Db['transaction'];
    },
  });
}
