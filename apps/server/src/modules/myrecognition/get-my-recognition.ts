import type { MyRecognitionResponse } from '@ovation/shared/schemas/statements';
import { KUDOS_KIND_LABELS, KUDOS_KINDS, type KudosKind } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import { kudosTotals, listKudos } from './myrecognition.repository.ts';

type Row = Awaited<ReturnType<typeof listKudos>>[number];
const present = (row: Row) => {
  const { kind } = row;
  return {
    messageLogId: row.id,
    kind,
    label:
      kind === 'recognition'
        ? (row.behaviour ?? KUDOS_KIND_LABELS.recognition)
        : kind === 'award'
          ? (row.awardLabel ?? KUDOS_KIND_LABELS.award)
          : KUDOS_KIND_LABELS[kind],
    otherMemberName: `${row.otherFirstName} ${row.otherSurname}`,
    message: row.message,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
  };
};

function totals(rows: Awaited<ReturnType<typeof kudosTotals>>) {
  const byKind = Object.fromEntries(KUDOS_KINDS.map((k) => [k, 0])) as Record<KudosKind, number>;
  let points = 0;
  for (const row of rows) {
    byKind[row.kind] = row.count;
    points += Number(row.points);
  }
  return { byKind, points };
}

/** What the member received and gave (latest 200 each), with totals by kind and points. */
export async function getMyRecognition(db: Db, memberId: number): Promise<MyRecognitionResponse> {
  const [received, given, receivedTotals, givenTotals] = await Promise.all([
    listKudos(db, memberId, 'received'),
    listKudos(db, memberId, 'given'),
    kudosTotals(db, memberId, 'received'),
    kudosTotals(db, memberId, 'given'),
  ]);
  const r = totals(receivedTotals);
  const g = totals(givenTotals);
  return {
    received: received.map(present),
    given: given.map(present),
    totals: { received: r.byKind, given: g.byKind, pointsReceived: r.points, pointsGiven: g.points },
  };
}
