// CPU time from /proc, for the benches that lead with CPU per request: a process's user + system
// milliseconds, the built server's pid, and this database's PostgreSQL backends.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100;

/** User + system CPU of a process so far, in ms (0 once it is gone). */
export function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
  } catch {
    return 0;
  }
}

/** The pid of the server started from apps/server/dist-bench (startBuiltServer). */
export function builtServerPid() {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .find((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('dist-bench/server.js');
      } catch {
        return false;
      }
    });
}

/** Each backend of database `dbName` (but the asking one) and its CPU so far, by pid. */
export async function backendCpu(db, dbName) {
  const { rows } = await db.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    dbName,
  ]);
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}
