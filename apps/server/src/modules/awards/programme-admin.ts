import { inArray } from 'drizzle-orm';
import type { AwardProgramme } from '@ovation/shared/schemas/awards';
import type { awardProgrammeInputSchema } from '@ovation/shared/schemas/awards';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { AuditContext } from '../../core/audit/audit-row.ts';
import { behaviours, divisions, members } from '../../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../../lib/app-errors.ts';
import {
  findProgramme,
  insertProgramme,
  listProgrammes,
  updateProgramme,
  type NewProgramme,
  type Programme,
} from './programmes.repository.ts';

type ProgrammeInput = z.output<typeof awardProgrammeInputSchema>;

const today = () => new Date().toISOString().slice(0, 10);

/** A programme as the API shows it; its budget only to those who run programmes. */
export function presentProgramme(
  p: Programme,
  behaviourNames: Map<number, string>,
  showBudget: boolean,
  on = today(),
): AwardProgramme {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    behaviours: p.behaviourIds.flatMap((id) => {
      const name = behaviourNames.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    eligibility: p.eligibility,
    levels: p.levels,
    approval: p.approval,
    opensOn: p.opensOn,
    closesOn: p.closesOn,
    reasonMinLength: p.reasonMinLength,
    reciprocalDays: p.reciprocalDays,
    serviceHours: p.serviceHours,
    open: p.archivedAt === null && p.opensOn <= on && on <= p.closesOn,
    archived: p.archivedAt !== null,
    budget: showBudget ? { available: p.accounts.available, held: p.accounts.held } : null,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function behaviourNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: behaviours.id, name: behaviours.name }).from(behaviours);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every id the input names exists: otherwise the field's 400, never a database error. */
async function checkReferences(db: Db, input: ProgrammeInput) {
  const named = input.approval.namedApproverIds;
  const [known, divs, approvers] = await Promise.all([
    behaviourNames(db),
    input.eligibility.divisionIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: divisions.id }).from(divisions).where(inArray(divisions.id, input.eligibility.divisionIds)),
    named.length === 0
      ? Promise.resolve([])
      : db.select({ id: members.id, active: members.active }).from(members).where(inArray(members.id, named)),
  ]);
  if (input.behaviourIds.some((id) => !known.has(id))) throw fieldError('behaviourIds', 'Choose one of the behaviours');
  if (divs.length !== new Set(input.eligibility.divisionIds).size) {
    throw fieldError('eligibility.divisionIds', 'Choose one of the divisions');
  }
  if (approvers.filter((a) => a.active).length !== new Set(named).size) {
    throw fieldError('approval.namedApproverIds', 'Choose approvers who are still with the firm');
  }
}

const values = (input: ProgrammeInput): Omit<NewProgramme, 'createdBy'> => ({
  name: input.name,
  description: input.description,
  behaviourIds: [...new Set(input.behaviourIds)],
  eligibility: input.eligibility,
  levels: input.levels,
  approval: { ...input.approval, namedApproverIds: [...new Set(input.approval.namedApproverIds)] },
  opensOn: input.opensOn,
  closesOn: input.closesOn,
  reasonMinLength: input.reasonMinLength,
  reciprocalDays: input.reciprocalDays,
  serviceHours: input.serviceHours,
  archivedAt: input.archived ? new Date() : null,
});

/** Programmes for those who run them: every one, archived too, with budgets. */
export async function adminProgrammes(db: Db): Promise<{ programmes: AwardProgramme[] }> {
  const [programmes, names] = await Promise.all([listProgrammes(db, { archived: true }), behaviourNames(db)]);
  return { programmes: programmes.map((p) => presentProgramme(p, names, true)) };
}

/** Programmes a member may nominate in today (open, not archived), without budgets. */
export async function openProgrammes(db: Db): Promise<{ programmes: AwardProgramme[] }> {
  const [programmes, names] = await Promise.all([listProgrammes(db, { archived: false }), behaviourNames(db)]);
  const on = today();
  return {
    programmes: programmes.map((p) => presentProgramme(p, names, false, on)).filter((p) => p.open),
  };
}

export async function createProgramme(
  db: Db,
  context: AuditContext,
  actorId: number,
  input: ProgrammeInput,
): Promise<AwardProgramme> {
  await checkReferences(db, input);
  const id = await db.transaction(async (tx) => {
    const created = await insertProgramme(tx, { ...values(input), createdBy: actorId });
    await audit(tx, context, {
      action: 'awards.programme_create',
      target: { kind: 'programme', id: created },
      after: input,
    });
    return created;
  });
  return presentProgramme((await findProgramme(db, id))!, await behaviourNames(db), true);
}

/**
 * Saves a programme's settings. Pending nominations keep the level and points they hold; an
 * archived programme takes no new nominations, and its pending ones go on to a decision.
 */
export async function editProgramme(
  db: Db,
  context: AuditContext,
  id: number,
  input: ProgrammeInput,
): Promise<AwardProgramme> {
  const before = await findProgramme(db, id);
  if (!before) throw notFound('No such programme.');
  await checkReferences(db, input);
  const kept = values(input);
  // Archiving keeps the first archive time; un-archiving clears it.
  if (input.archived && before.archivedAt) kept.archivedAt = before.archivedAt;
  const saved = await db.transaction(async (tx) => {
    const done = await updateProgramme(
      tx,
      id,
      kept,
      input.expectedUpdatedAt ? new Date(input.expectedUpdatedAt) : undefined,
    );
    if (done) {
      const { expectedUpdatedAt: _expected, ...after } = input;
      await audit(tx, context, {
        action: 'awards.programme_update',
        target: { kind: 'programme', id },
        before: presentProgramme(before, new Map(), true),
        after,
      });
    }
    return done;
  });
  if (!saved) throw conflict('Someone else saved this programme meanwhile. Reload it and try again.');
  return presentProgramme((await findProgramme(db, id))!, await behaviourNames(db), true);
}
