import { createHash } from 'node:crypto';
import { and, eq, is, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { namedByText, type Statement } from '../../db/statement.ts';
import { sqlStateOf } from '../../lib/pg-errors.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export interface IdempotencyClaim {
  memberId: number;
  key: string;
  route: string;
  requestHash: string;
}

/** The advisory-lock class of Idempotency-Keys (the second number is a hash of member and key). */
const LOCK_CLASS = 0x1de0;

function lockOf(memberId: number, key: string) {
  return createHash('sha256').update(`${memberId}\n${key}`).digest().readInt32BE(0);
}

/** SQLSTATEs of `idempotency_hold`: another live transaction holds the key; it was answered. */
const HELD_ELSEWHERE = 'OVK01';
const ANSWERED = 'OVK02';

/**
 * Holds the key as the first statement of the send runner's batch (decisions 0049, 0053): when
 * another live transaction holds it, or a request with it was answered meanwhile, it fails
 * (`fail` turns that into `held()` or `answered()`), which aborts the transaction so the
 * statements sent after it — up to COMMIT — wait for nothing and leave nothing.
 */
export function holdKeyStatement(
  memberId: number,
  key: string,
  refusals: { held: () => unknown; answered: () => unknown },
): Statement {
  return {
    sql: sql`select idempotency_hold(${LOCK_CLASS}::int, ${lockOf(memberId, key)}::int, ${memberId}::int, ${key}::text) as held`,
    name: 'idempotency_hold_answered',
    read: () => undefined,
    fail: (error) => {
      const code = sqlStateOf(error);
      if (code === HELD_ELSEWHERE) return refusals.held();
      return code === ANSWERED ? refusals.answered() : error;
    },
  };
}

/**
 * Holds the key for the rest of the transaction (docs/decisions/0042): a transaction-scoped
 * advisory lock, so a connection that dies (its process killed) frees the key at once. Waits for
 * a live holder to finish (holdKeyStatement refuses instead).
 */
async function holdKey(tx: Db, memberId: number, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${lockOf(memberId, key)}::int)`);
}

export async function findKey(db: Db, memberId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/**
 * Stores the answer; inside the work's transaction (which holds the key) for a success. A row
 * without an answer can only be a claim of the earlier scheme whose request died: taken over.
 * `body` may be SQL: a jsonb expression the database evaluates (decision 0052); the statement
 * is then prepared under a name of its own text.
 */
export function storeResponseStatement(claim: IdempotencyClaim, status: number, body: unknown): Statement {
  const built = is(body, SQL);
  const json = built ? body : sql`${JSON.stringify(body)}::jsonb`;
  const statement = {
    sql: sql`insert into idempotency_keys as k (member_id, key, route, request_hash, response_status, response_body)
             values (${claim.memberId}::int, ${claim.key}::text, ${claim.route}::text, ${claim.requestHash}::text,
                     ${status}::smallint, ${json})
             on conflict (member_id, key) do update
               set response_status = excluded.response_status, response_body = excluded.response_body,
                   request_hash = excluded.request_hash, route = excluded.route
             where k.response_status is null`,
    name: 'idempotency_store',
    read: () => undefined,
  };
  return built ? { ...statement, name: namedByText(statement.sql, 'idempotency_store') } : statement;
}

async function storeResponse(db: Db, claim: IdempotencyClaim, status: number, body: unknown) {
  await db.execute(storeResponseStatement(claim, status, body).sql);
}

/**
 * Keeps a business refusal for replay, after the work rolled back: under the key's lock, and
 * only when no answer was stored meanwhile (a retry that ran in between keeps its own).
 */
export async function storeRefusal(db: Db, claim: IdempotencyClaim, status: number, body: unknown) {
  await db.transaction(async (tx) => {
    await holdKey(tx, claim.memberId, claim.key);
    await storeResponse(tx, claim, status, body);
  });
}
