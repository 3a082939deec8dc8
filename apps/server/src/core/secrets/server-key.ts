import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { findOrCreateServerSecret } from './secrets.repository.ts';

/**
 * A signing key kept in the database under `name` (a random secret made on first use), so every
 * instance agrees and what it signed keeps working across restarts. The returned reader keeps
 * the key per `db` once read. `via`: a transaction in progress on `db` (PGlite has one
 * connection, so `db` itself would wait for it); a key read through a transaction is not kept,
 * as the transaction may yet roll back the row it created.
 */
export function serverKey(name: string): (db: Db, via?: Db) => Promise<Buffer> {
  const keys = new WeakMap<Db, Promise<Buffer>>();
  const read = (db: Db) =>
    findOrCreateServerSecret(db, name, randomBytes(32).toString('base64url')).then((v) => Buffer.from(v, 'base64url'));
  return (db, via = db) => {
    const known = keys.get(db);
    if (known) return known;
    if (via !== db) return read(via);
    const key = read(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
    return key;
  };
}
