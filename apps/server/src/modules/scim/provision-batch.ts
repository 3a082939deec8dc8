import { changeMembers } from '../../core/member-changes/change-members.ts';
import { findMembersByEmployeeNumbers } from '../../core/member-changes/member-change.repository.ts';
import { changedFields } from '../../core/member-changes/member-change.ts';
import { Batcher } from '../../lib/batcher.ts';
import { ScimError, scimNotFound, uniqueness } from './scim-errors.ts';
import { checkedChange } from './scim-change.ts';
import { auditEach } from '../../core/audit/audit-log.repository.ts';
import type { Db } from '../../db/db.ts';
import { toScimUser, type ScimMemberRow } from './scim-user.ts';
import {
  findHolders,
  findScimUsersById,
  lockIdentity,
  logProvisioning,
  setDirectoryDeleted,
  type Holds,
  type LogEntry,
} from './scim-users.repository.ts';
import type { Provisioned, ScimDeps, ScimWrite } from './scim-deps.ts';

/**
 * The directory's writes of Users, together (decision 0112): the calls that arrive while others
 * are being written go in one change of members, so an initial load of 50,000 users costs a few
 * statements a batch rather than a dozen a user. Each call keeps its own answer: one refused
 * (an identifier another user holds) leaves the others written; calls for the same user never
 * share a batch, so each sees the one before it.
 */

const HOLDS: Record<Holds, string> = {
  employeeNumber: 'employeeNumber',
  externalId: 'externalId',
  userName: 'userName',
  email: 'emails.value',
};

/** The identifiers a write claims, as the lock and the batcher's keys take them. */
function keysOf({ change }: ScimWrite): string[] {
  const keys = [
    change.employeeNumber,
    change.directory!.userName,
    change.email ?? '',
    change.directory!.externalId ?? '',
  ];
  return [...new Set(keys.filter(Boolean).map((k) => k.toLowerCase()))];
}

/** What a batch locks for a write: its identifiers, and the user it changes. */
const lockKeysOf = (write: ScimWrite) => [...keysOf(write), ...(write.current ? [`user:${write.current.id}`] : [])];

/**
 * The users the batch changes, read again under its lock: a write whose user another call changed
 * meanwhile is checked again against them as they are now (and refused if it no longer holds).
 */
async function checkedAgain(tx: Db, writes: ScimWrite[]): Promise<Array<{ write: ScimWrite; refusal?: ScimError }>> {
  const ids = writes.flatMap((w) => (w.current ? [w.current.id] : []));
  const now = await findScimUsersById(tx, ids);
  const again = [];
  for (const write of writes) {
    const current = write.current && now.get(write.current.id);
    if (!write.current || JSON.stringify(current) === JSON.stringify(write.current)) {
      again.push({ write });
      continue;
    }
    if (!current || current.directoryDeleted) {
      again.push({ write, refusal: scimNotFound(String(write.current.id)) });
      continue;
    }
    try {
      const change = await checkedChange(tx, write.inputFor!(current), current);
      // Identifiers the first check did not name are locked now (rare: a deadlock is retried).
      const added = keysOf({ ...write, change }).filter((k) => !keysOf(write).includes(k));
      if (added.length > 0) await lockIdentity(tx, added);
      again.push({ write: { ...write, change, current } });
    } catch (error) {
      if (!(error instanceof ScimError)) throw error;
      again.push({ write, refusal: error });
    }
  }
  return again;
}

type Holder = Awaited<ReturnType<typeof findHolders>>[number];

/**
 * A write's claim against who holds its identifiers: refused (409 uniqueness) when another member
 * holds one; a create whose employee number belongs to a user the directory deleted brings that
 * member back (a returner comes back whole).
 */
function claim(write: ScimWrite, holders: Holder[]): { revived?: number; refusal?: ScimError } {
  const selfId = write.current?.id;
  const revived =
    selfId === undefined
      ? holders.find(
          (h) => h.deleted && h.holds === 'employeeNumber' && h.employeeNumber === write.change.employeeNumber,
        )?.id
      : undefined;
  const other = holders.find((h) => h.id !== selfId && h.id !== revived);
  if (!other) return { revived };
  if (other.deleted) {
    return {
      refusal: uniqueness(
        `${HOLDS[other.holds]} belongs to a user the directory deleted (employee number ${other.employeeNumber}): create them again with that employee number.`,
      ),
    };
  }
  return { refusal: uniqueness(`${HOLDS[other.holds]} is already held by user ${other.id}.`) };
}

interface Claimed {
  write: ScimWrite;
  refusal?: ScimError;
  revived?: number;
  /** The member before the write (a revived member's row for a create). */
  self?: ScimMemberRow;
  changed: string[];
}

/** The fields a write changes on the member it finds (for the log), `directory` when the directory takes them over. */
function changedBy(write: ScimWrite, self: ScimMemberRow, known: Parameters<typeof changedFields>[1] | undefined) {
  const changed = known ? changedFields(write.change, known) : [];
  const directory = write.change.directory!;
  if (write.current && known?.directoryManaged) {
    if (directory.externalId !== self.externalId) changed.push('externalId');
    if (directory.userName.toLowerCase() !== (self.userName ?? '').toLowerCase()) changed.push('userName');
  } else changed.push('directory');
  return changed;
}

function outcomeOf(c: Claimed) {
  if (c.revived) return 'reactivated' as const;
  if (!c.self) return 'created' as const;
  if (c.self.active && c.write.change.active === false) return 'deactivated' as const;
  if (!c.self.active && c.write.change.active === true) return 'reactivated' as const;
  return 'updated' as const;
}

type WriterDeps = Omit<ScimDeps, 'writes'>;

const statusOf = (write: ScimWrite) => (write.current ? 200 : 201);

/** One batch of writes (all by one token): one change of members, then one read of the answers. */
async function writeBatch(deps: WriterDeps, writes: ScimWrite[]) {
  const { written, locked } = await changeMembers(
    deps.sends,
    (claimed: Claimed[]) => claimed.filter((c) => !c.refusal).map((c) => c.write.change),
    { tokenId: writes[0]!.call.tokenId },
    {
      lock: async (tx): Promise<Claimed[]> => {
        // Every identifier and every user changed, locked in one statement, in one order: two
        // calls claiming one identifier or changing one user queue here.
        await lockIdentity(tx, writes.flatMap(lockKeysOf));
        const checked = await checkedAgain(tx, writes);
        const holders = await findHolders(
          tx,
          checked.map(({ write: { change } }) => ({
            employeeNumber: change.employeeNumber,
            userName: change.directory!.userName,
            email: change.email,
            externalId: change.directory!.externalId,
          })),
        );
        const claims = checked.map((c, i): { write: ScimWrite; revived?: number; refusal?: ScimError } =>
          c.refusal
            ? c
            : {
                ...c,
                ...claim(
                  c.write,
                  holders.filter((h) => h.i === i),
                ),
              },
        );
        const revivedRows = await findScimUsersById(
          tx,
          claims.flatMap((c) => (c.revived ? [c.revived] : [])),
        );
        const selves = claims.map((c) => (c.refusal ? undefined : (c.write.current ?? revivedRows.get(c.revived!))));
        const known = new Map(
          (
            await findMembersByEmployeeNumbers(
              tx,
              claims.flatMap((c, i) => (selves[i] ? [c.write.change.employeeNumber] : [])),
            )
          ).map((k) => [k.employeeNumber, k]),
        );
        return claims.map((c, i): Claimed => {
          const self = selves[i];
          // A user created again is active unless the create says otherwise.
          if (c.revived && c.write.change.active === null) c.write.change.active = true;
          return {
            ...c,
            self,
            changed: self ? changedBy(c.write, self, known.get(c.write.change.employeeNumber)) : [],
          };
        });
      },
      after: async (tx, { ids }, claimed) => {
        await setDirectoryDeleted(
          tx,
          claimed.flatMap((c) => (c.revived && !c.refusal ? [c.revived] : [])),
          false,
        );
        await auditEach(
          tx,
          claimed.flatMap(({ write, refusal, self, changed, ...c }) =>
            refusal
              ? []
              : [
                  {
                    context: {
                      actor: { kind: 'token' as const, tokenId: write.call.tokenId },
                      traceId: write.call.traceId,
                    },
                    entry: {
                      action: `members.${outcomeOf({ write, self, changed, ...c })}`,
                      target: { kind: 'member', id: ids.get(write.change.employeeNumber)! },
                      after: { via: 'scim', changed: self ? changed : undefined },
                    },
                  },
                ],
          ),
        );
        await logProvisioning(
          tx,
          claimed.map(({ write, refusal, self, changed, ...c }): LogEntry => {
            const entry = { tokenId: write.call.tokenId, method: write.call.method, path: write.call.path };
            if (refusal) {
              return {
                ...entry,
                status: refusal.status,
                memberId: write.current?.id ?? null,
                outcome: 'refused',
                refusal: refusal.message,
                scimType: refusal.scimType,
              };
            }
            return {
              ...entry,
              status: statusOf(write),
              memberId: ids.get(write.change.employeeNumber)!,
              outcome: outcomeOf({ write, self, changed, ...c }),
              changed: self ? changed : undefined,
            };
          }),
        );
      },
    },
  );
  const memberIds = locked.flatMap((c) => (c.refusal ? [] : [written.ids.get(c.write.change.employeeNumber)!]));
  deps.forgetSessions(memberIds);
  const users = await findScimUsersById(deps.db, memberIds);
  return locked.map((c) => {
    if (c.refusal) {
      c.refusal.logged = true;
      return { error: c.refusal };
    }
    const user = users.get(written.ids.get(c.write.change.employeeNumber)!)!;
    return { value: { status: statusOf(c.write), user: toScimUser(user, deps.baseUrl) } satisfies Provisioned };
  });
}

/**
 * The writes of one instance's SCIM service. A batch that fails as a whole (a race the locks do
 * not cover, say) is tried again call by call, so one call's failure is never another's.
 */
export function scimWriter(deps: WriterDeps) {
  return new Batcher<ScimWrite, Provisioned>({
    run: async (writes) => {
      try {
        return await writeBatch(deps, writes);
      } catch (error) {
        if (writes.length === 1) return [{ error }];
        const answers = [];
        for (const write of writes) {
          try {
            answers.push(...(await writeBatch(deps, [write])));
          } catch (alone) {
            answers.push({ error: alone });
          }
        }
        return answers;
      }
    },
    keysOf,
    groupOf: (write) => write.call.tokenId,
    maxSize: 50,
    maxRunning: 2,
  });
}
