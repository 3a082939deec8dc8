import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** A kudos row of the dashboard's history (reports-dashboard-history.ts). */
export interface SeededKudos {
  kind: string;
  from: number;
  to: number;
  behaviour: number | null;
  at: string;
  points?: number;
}

/** Writes kudos rows at their instants; the triggers queue them for the roll-ups. */
export async function insertKudos(app: FastifyInstance, rows: SeededKudos[]) {
  for (const r of rows) {
    await app.db.execute(
      sql`insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, points, created_at)
        values (${r.kind}, ${r.from}, ${r.to}, ${r.behaviour}, 'Seeded', ${r.points ?? 0}, ${r.at}::timestamptz)`,
    );
  }
}

/**
 * The history's kudos, not yet written: 700 over the last 420 days among `ids` (instants on month
 * and day edges, a few to oneself), the turn of three months, a pair that recognises each other
 * far more than anyone else, and a desert team's last recognitions, drawn from `rand`.
 */
export function kudosHistory(
  rand: (n: number) => number,
  dayOffset: (n: number) => string,
  { ids, desertIds, behaviourIds }: { ids: number[]; desertIds: number[]; behaviourIds: number[] },
): SeededKudos[] {
  // 700 kudos over the last 420 days, with instants on month and day edges.
  const kinds = ['recognition', 'recognition', 'high5', 'payitforward'];
  const seeded: SeededKudos[] = [];
  for (let i = 0; i < 700; i++) {
    const kind = kinds[rand(kinds.length)]!;
    const day = dayOffset(-rand(420));
    const edge = rand(5);
    const time = edge === 0 ? '00:00:00' : edge === 1 ? '23:59:59.999' : `${10 + rand(12)}:${10 + rand(49)}:07`;
    const from = ids[rand(ids.length)]!;
    const to = rand(40) === 0 ? from : ids[rand(ids.length)]!;
    seeded.push({
      kind,
      from,
      to,
      behaviour: kind === 'recognition' ? behaviourIds[rand(3)]! : null,
      at: `${day}T${time}Z`,
      points: kind === 'high5' ? 0 : 10,
    });
  }
  // The first of a few months at midnight, and the last instant before it.
  for (const back of [35, 65, 100]) {
    const first = `${dayOffset(-back).slice(0, 7)}-01`;
    seeded.push({ kind: 'high5', from: ids[1]!, to: ids[2]!, behaviour: null, at: `${first}T00:00:00Z` });
    seeded.push({
      kind: 'high5',
      from: ids[2]!,
      to: ids[1]!,
      behaviour: null,
      at: new Date(Date.parse(`${first}T00:00:00Z`) - 1).toISOString(),
    });
  }
  // A pair that recognises each other far more than anyone else, and a desert team last
  // recognised four months ago.
  for (let i = 0; i < 6; i++) {
    seeded.push({
      kind: 'high5',
      from: ids[5]!,
      to: ids[10]!,
      behaviour: null,
      at: `${dayOffset(-2 - i)}T09:00:00Z`,
    });
    seeded.push({
      kind: 'high5',
      from: ids[10]!,
      to: ids[5]!,
      behaviour: null,
      at: `${dayOffset(-3 - i)}T09:00:00Z`,
    });
  }
  seeded.push({
    kind: 'high5',
    from: ids[0]!,
    to: desertIds[0]!,
    behaviour: null,
    at: `${dayOffset(-120)}T15:30:00Z`,
  });
  seeded.push({
    kind: 'high5',
    from: ids[0]!,
    to: desertIds[1]!,
    behaviour: null,
    at: `${dayOffset(-200)}T15:30:00Z`,
  });
  return seeded;
}
