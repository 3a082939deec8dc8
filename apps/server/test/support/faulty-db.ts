import { getTableName, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { BatchedTransaction, Transactions } from '../../src/db/batched-transaction.ts';
import type { Db } from '../../src/db/db.ts';
import type { Statement } from '../../src/db/statement.ts';

/** Which table a transaction should fail to write to (null: none). Tests arm and disarm it. */
export interface Fault {
  insertInto: unknown;
}

const dialect = new PgDialect();

/** Whether the statement inserts into the armed table. */
function inserts(statement: Statement<unknown>, fault: Fault): boolean {
  if (fault.insertInto === null) return false;
  const name = getTableName(fault.insertInto as Table);
  return new RegExp(`insert into "?${name}"?[ (]`, 'i').test(dialect.sqlToQuery(statement.sql).sql);
}

/** A Drizzle transaction whose insert into the armed table throws. */
function failingTx(tx: Db, fault: Fault): Db {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'insert') return Reflect.get(target, prop, receiver) as unknown;
      return (table: Parameters<Db['insert']>[0]) => {
        if (fault.insertInto !== null && table === fault.insertInto) throw new Error('injected failure');
        return target.insert(table);
      };
    },
  });
}

/**
 * The send runner's transactions with a fault that can be armed: while `fault.insertInto` names a
 * table, a transaction's insert into it throws — a failure in the middle of the work, after the
 * steps before it ran (the statements of its batch before it are sent first). Passed to the app
 * as the send runner's transactions.
 */
export function faultyTransactions(transactions: Transactions, fault: Fault): Transactions {
  const failing = (t: BatchedTransaction): BatchedTransaction => {
    const send = async (statements: Statement<unknown>[], last: (s: Statement<unknown>[]) => Promise<unknown[]>) => {
      const at = statements.findIndex((s) => inserts(s, fault));
      if (at < 0) return last(statements);
      await t.run(statements.slice(0, at));
      throw new Error('injected failure');
    };
    return {
      tx: async () => failingTx(await t.tx(), fault),
      run: (statements) => send(statements, (s) => t.run(s)),
      commit: (statements) => send(statements, (s) => t.commit(s)),
    };
  };
  return {
    read: (statements) => transactions.read(statements),
    run: (work, before) => transactions.run((t) => work(failing(t)), before),
  };
}
