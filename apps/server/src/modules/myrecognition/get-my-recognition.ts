import type { MyRecognitionResponse } from '@ovation/shared/schemas/statements';
import type { Db } from '../../db/client.ts';
import { kudosTotals, listKudos } from './myrecognition.repository.ts';

type Kind = 'recognition' | 'high5' | 'payitforward';
const KINDS: Kind[] = ['recognition', 'high5', 'payitforward'];
const LABELS: Record<Kind, string> = { recognition: 'Recognition', high5: 'High Five', payitforward: 'Pay It Forward' };

type Row = Awaited<ReturnType<typeof listKudos>>[number];
const present = (row: Row) => {
  const kind = (KINDS.includes(row.kind as Kind) ? row.kind : 'recognition') as Kind;
  return {
    messageLogId: row.id,
    kind,
    label: kind === 'recognition' ? (row.behaviour ?? LABELS.recognition) : LABELS[kind],
    otherMemberName: `${row.otherFirstName} ${row.otherSurname}`,
    message: row.message,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
  };
};

function totals(rows: Awaited<ReturnType<typeof kudosTotals>>) {
  const byKind = { recognition: 0, high5: 0, payitforward: 0 };
  let points = 0;
  for (const row of rows) {
    if (KINDS.includes(row.kind as Kind)) byKind[row.kind as Kind] = row.count;
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
