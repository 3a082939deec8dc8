import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { divisions, members } from '../../db/schema/index.ts';

export interface MemberSearch {
  callerId: number;
  query: string;
  teamOnly: boolean;
  country?: string | undefined;
  limit: number;
  /** Look these up by id instead of the query (a form opened with a preselected colleague). */
  memberIds?: number[] | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active colleagues (registered or not) by name or division (or by id), the caller excluded. */
export function searchMembers(db: Db, { callerId, query, teamOnly, country, limit, memberIds }: MemberSearch) {
  const pattern = `%${escapeLike(query)}%`;
  const fullName = sql`${members.firstName} || ' ' || ${members.surname}`;
  return db
    .select({
      memberId: members.id,
      firstName: members.firstName,
      surname: members.surname,
      division: divisions.name,
      country: members.country,
      picId: members.picId,
      managerId: members.managerId,
    })
    .from(members)
    .leftJoin(divisions, eq(divisions.id, members.divisionId))
    .where(
      and(
        eq(members.active, true),
        ne(members.id, callerId),
        teamOnly ? eq(members.managerId, callerId) : undefined,
        country ? sql`lower(trim(${members.country})) = ${country.toLowerCase()}` : undefined,
        memberIds
          ? inArray(members.id, memberIds.length > 0 ? memberIds : [0])
          : query
            ? or(sql`${fullName} ilike ${pattern}`, ilike(divisions.name, pattern))
            : undefined,
      ),
    )
    .orderBy(asc(members.firstName), asc(members.surname), asc(members.id))
    .limit(limit);
}
