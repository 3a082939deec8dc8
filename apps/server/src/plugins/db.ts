import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import type { Db } from '../db/db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database; closes it when the app closes (unless the caller owns it). */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) => {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.database.close());
});
