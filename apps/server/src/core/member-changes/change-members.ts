import type { Db } from '../../db/db.ts';
import type { IdempotentAnswer } from '../idempotency/idempotent-answer.ts';
import { runSend } from '../sends/run-send.ts';
import type { SendDeps } from '../sends/send-plan.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { leaverPostings, lockLeavers, moveLeaversOn } from './leavers.ts';
import { writeMemberChanges, type ChangeAuthor, type MemberChange, type WrittenChanges } from './member-change.ts';

/** A change of members has no HTTP answer of its own to keep: its caller answers (SCIM, an upload's status). */
const ANSWERED_BY_THE_CALLER: IdempotentAnswer<{ changed: true }> = { store: () => null };

export interface ChangeHooks<L, W> {
  /** The caller's own check first, in the transaction (an upload's row locked, a user's identifiers). */
  lock?: (tx: Db) => Promise<L>;
  /** The caller's own rows after the change (the provisioning log, the upload's status, its mails). */
  after?: (tx: Db, written: WrittenChanges, locked: L) => Promise<W>;
  progress?: (done: number, total: number) => void;
}

/**
 * The one way to change members (issue 42, decisions 0110 and 0111), for a members upload and the
 * firm's directory alike: a plan on the send runner, because a leaver's leaving moves points. In
 * one transaction: the caller's lock, the leavers locked with their accounts, the postings their
 * leaving makes (points by the `leavers` setting, team budgets to their managers), the members'
 * rows written, the leavers' teams and nominations moved on, and the caller's own rows.
 */
export async function changeMembers<L = undefined, W = undefined>(
  deps: SendDeps,
  changes: MemberChange[] | ((locked: L) => MemberChange[]),
  author: ChangeAuthor,
  hooks: ChangeHooks<L, W> = {},
): Promise<{ written: WrittenChanges; after: W; locked: L }> {
  let result: { written: WrittenChanges; after: W; locked: L } | undefined;
  await runSend(deps, ANSWERED_BY_THE_CALLER, {
    actorMemberId: author.memberId ?? 0,
    checks: {
      // The caller's lock may decide which rows are written (a batch of the directory's calls
      // drops those it refuses); the leavers among them are locked next.
      locked: async (tx: Db) => {
        const locked = hooks.lock ? await hooks.lock(tx) : (undefined as L);
        const rows = typeof changes === 'function' ? changes(locked) : changes;
        const leaving = rows.filter((r) => r.active === false);
        const successors = new Map(leaving.flatMap((r) => (r.successor ? [[r.employeeNumber, r.successor]] : [])));
        return {
          locked,
          rows,
          leavers: await lockLeavers(
            tx,
            leaving.map((r) => r.employeeNumber),
            successors as Map<string, string>,
          ),
        };
      },
    },
    decide: async ({ locked: { locked, rows, leavers } }, tx) => {
      const { leavers: setting } = await readSettings(tx, ['leavers']);
      return { locked, rows, leavers, postings: leaverPostings(leavers, setting, author.memberId) };
    },
    write:
      ({ locked, rows, leavers }) =>
      async (tx) => {
        const returning = rows.filter((r) => r.active === true).map((r) => r.employeeNumber);
        const written = await writeMemberChanges(tx, deps.log, rows, author, hooks.progress);
        await moveLeaversOn(tx, leavers, returning);
        const after = (hooks.after ? await hooks.after(tx, written, locked) : undefined) as W;
        // The last attempt's (the runner retries a plan whole on a serialization failure).
        result = { written, after, locked };
        return null;
      },
    answer: () => ({ changed: true as const }),
  });
  return result!;
}
