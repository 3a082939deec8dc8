import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { behaviours, kudos } from '../../src/db/schema/index.ts';
import type { KudosRow } from '../../src/modules/feed/kudos-feed.repository.ts';

export async function createBehaviour(app: FastifyInstance, name = `Behaviour ${randomBytes(3).toString('hex')}`) {
  const [row] = await app.db.insert(behaviours).values({ name }).returning();
  return row!;
}

export interface KudosOverrides {
  kind?: 'recognition' | 'high5' | 'payitforward';
  behaviourId?: number | null;
  message?: string;
  createdAt?: Date;
}

/** A kudos row as the recognition flows would write it (no points moved). */
export async function createKudos(
  app: FastifyInstance,
  fromMemberId: number,
  toMemberId: number,
  overrides: KudosOverrides = {},
) {
  const [row] = await app.db
    .insert(kudos)
    .values({
      kind: overrides.kind ?? 'high5',
      fromMemberId,
      toMemberId,
      behaviourId: overrides.behaviourId ?? null,
      message: overrides.message ?? `Thank you ${randomBytes(3).toString('hex')}`,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A Kudos Thread row as the feed query returns it, for unit tests of the caches and serialisers. */
export function kudosRow(overrides: Partial<KudosRow> = {}): KudosRow {
  return {
    messageLogId: 7,
    toMemberId: 1,
    memberName: 'A B',
    fromMemberName: 'C D',
    f3: 'High Five',
    message: 'Thanks',
    likeCount: 0,
    cheerCount: 0,
    supportCount: 0,
    userLiked: false,
    userCheered: false,
    userSupported: false,
    reactedUserLiked: '[]',
    reactedUserCheered: '[]',
    reactedUserSupported: '[]',
    createdAtMs: 0,
    ...overrides,
  };
}

/** Turns a data table into records keyed by field name (as the spec's client does). */
export function tableRecords(table: { fields: string[]; rows: unknown[][] }): Record<string, unknown>[] {
  return table.rows.map((row) => Object.fromEntries(table.fields.map((f, i) => [f, row[i]])));
}
