import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { credentials, members } from '../db/schema/index.ts';
import { queueActivation } from '../modules/auth/register-member.ts';
import { rolesOf } from '../modules/roles/roles.presenter.ts';
import { insertRoleChange, lockRoleHolders } from '../modules/roles/roles.repository.ts';

export interface AdminInput {
  email: string;
  firstName: string;
  surname: string;
  employeeNumber: string;
  country: string;
}

export interface AdminOutcome {
  memberId: number;
  /** What happened, for the operator. */
  note: string;
  /** The single-use link to choose a password (24 hours), when the member has none yet. */
  activationLink?: string;
}

/**
 * A report administrator (all reports, news, uploads, roles): a new member, or the member who
 * already has this e-mail address or employee number, made one. Someone without a password gets
 * a new activation link, e-mailed through the outbox and answered so the operator can pass it on
 * when no mail server is set up yet. Refuses when the address and the number name two members.
 */
export async function ensureAdministrator(
  db: Db,
  log: FastifyBaseLogger,
  input: AdminInput,
  publicUrl: string,
): Promise<AdminOutcome> {
  const [byEmail] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.email}) = ${input.email.toLowerCase()}`);
  const [byNumber] = await db.select().from(members).where(eq(members.employeeNumber, input.employeeNumber));
  if (byEmail && byNumber && byEmail.id !== byNumber.id) {
    throw new SetupError(
      `${input.email} belongs to member ${byEmail.employeeNumber}, and ${input.employeeNumber} is another member`,
    );
  }
  if (byNumber?.email && !byEmail && byNumber.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new SetupError(`Member ${input.employeeNumber} has the e-mail address ${byNumber.email}, not ${input.email}`);
  }
  const found = byEmail ?? byNumber;
  // The grant goes in the roles history like any other, made by the set-up command (0080).
  const { memberId, note } = await db.transaction(async (tx) => {
    // Decided on the member's row as locked here: a roles edit made meanwhile in the portal, or
    // a second run, is not recorded from a stale reading.
    if (found) {
      const held = (await lockRoleHolders(tx, [found.id])).get(found.id);
      if (!held) throw new SetupError(`Member ${found.employeeNumber} changed meanwhile: run the set-up again`);
      await tx
        .update(members)
        .set({ isAdminReports: true, active: true, email: found.email ?? input.email, updatedAt: new Date() })
        .where(eq(members.id, found.id));
      if (!held.isAdminReports) {
        const roles = rolesOf(held.roles);
        await insertRoleChange(tx, {
          memberId: found.id,
          changedBy: null,
          before: { roles, isAdminReports: false },
          after: { roles, isAdminReports: true },
        });
      }
      return {
        memberId: found.id,
        note: `member ${found.employeeNumber} (${found.firstName} ${found.surname}) is a report administrator`,
      };
    }
    const [row] = await tx
      .insert(members)
      .values({
        employeeNumber: input.employeeNumber,
        firstName: input.firstName,
        surname: input.surname,
        email: input.email,
        country: input.country,
        isAdminReports: true,
      })
      .returning({ id: members.id });
    await insertRoleChange(tx, {
      memberId: row!.id,
      changedBy: null,
      before: { roles: [], isAdminReports: false },
      after: { roles: [], isAdminReports: true },
    });
    return {
      memberId: row!.id,
      note: `new member ${input.employeeNumber} (${input.firstName} ${input.surname}) is a report administrator`,
    };
  });
  const [hasPassword] = await db
    .select({ id: credentials.memberId })
    .from(credentials)
    .where(eq(credentials.memberId, memberId));
  if (hasPassword) return { memberId, note: `${note}; they sign in with their password` };
  const activationLink = await queueActivation(
    db,
    log,
    { id: memberId, firstName: found?.firstName ?? input.firstName, email: found?.email ?? input.email },
    publicUrl.replace(/\/$/, ''),
  );
  return { memberId, note: `${note}; activation link e-mailed (and below)`, activationLink };
}

/** A set-up refused for a reason the operator can fix (printed without a stack). */
export class SetupError extends Error {}
