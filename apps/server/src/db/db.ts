import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A Drizzle handle: the database itself or a transaction inside it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
