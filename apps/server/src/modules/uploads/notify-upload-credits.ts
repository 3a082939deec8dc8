import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { LiveEvent } from '../../core/live/live-bus.ts';
import { readSettings } from '../../core/settings/settings.repository.ts';

/** Rows of the upload listed in a member's e-mail; the rest are counted. */
const LISTED = 5;

/** SQL: whole points grouped by thousands with a space, as formatPoints writes them (spec §9). */
const points = (n: ReturnType<typeof sql>) => sql`replace(to_char(${n}, 'FM999,999,999,990'), ',', ' ')`;

/**
 * Tells every member a points upload credited: one bell row and (unless they switched "I receive
 * points" e-mail off) one e-mail each, however many rows of the file were theirs. Called inside
 * the upload's apply transaction after its rows were linked to their ledger transactions, so only
 * what was credited is told and a rolled-back apply tells no one. Set-based (decision 0044): one
 * statement (two INSERT … SELECT over the same aggregate) whatever the number of members. Answers the
 * members told, in id order, for their bells' live events (`uploadCreditEvents`, after the commit).
 */
export async function notifyUploadCredits(
  tx: Db,
  log: FastifyBaseLogger,
  upload: { id: number; actorMemberId: number },
): Promise<number[]> {
  const { pointsName } = await readSettings(tx, ['pointsName']);
  const counts = await queryRows<{ told: unknown[]; mailed: number }>(
    tx,
    sql`with credited as materialized (
          -- One row per credited member: the personal and team budget totals, the first rows' lines.
          select member_id, sum(points) as total,
            sum(points) filter (where account = 'personal') as personal,
            sum(points) filter (where account = 'team') as team,
            count(*)::int as rows,
            string_agg(
              '- ' || ${points(sql`points`)} || ' ' || ${pointsName}
                || case when account = 'team' then ' to your team budget' else '' end || ': ' || reason,
              E'\n' order by row_num) filter (where nth <= ${LISTED}) as lines
          from (
            select (r.data->>'memberId')::int as member_id, (r.data->>'points')::bigint as points,
              r.data->>'account' as account, r.data->>'reason' as reason, r.row_num,
              row_number() over (partition by (r.data->>'memberId')::int order by r.row_num) as nth
            from upload_rows r
            where r.upload_id = ${upload.id} and r.refusal is null and r.transaction_id is not null
          ) credit_rows
          group by member_id),
        told as (
          insert into notifications (member_id, kind, actor_member_id, points, team_points)
          select member_id, 'upload', ${upload.actorMemberId}, least(total, 2147483647)::int,
            least(coalesce(team, 0), 2147483647)::int
          from credited
          returning member_id),
        mailed as (
          insert into email_outbox (kind, to_address, subject, body_text)
          select 'points-credited', m.email,
            'You received ' || ${points(sql`c.total`)} || ' ' || ${pointsName},
            'Hi ' || m.first_name || E',\n\n'
              || case
                   when c.personal is null then 'Your team budget received ' || ${points(sql`c.total`)} || ' ' || ${pointsName}
                   else 'You received ' || ${points(sql`c.total`)} || ' ' || ${pointsName}
                 end
              || ' in a points upload'
              || case when c.team is not null and c.personal is not null
                   then ' (' || ${points(sql`c.personal`)} || ' for you, ' || ${points(sql`c.team`)} || ' in your team budget)'
                   else '' end
              || E':\n\n' || c.lines
              || case when c.rows > ${LISTED} then E'\n- and ' || (c.rows - ${LISTED}) || ' more' else '' end
              || E'\n\nYour balance is in the portal.'
          from credited c
          join members m on m.id = c.member_id
          left join member_preferences p on p.member_id = m.id
          where m.active and m.email is not null and coalesce(p.email_points, true)
          order by c.member_id
          returning 1)
        select coalesce((select array_agg(member_id order by member_id) from told), '{}') as told,
          (select count(*) from mailed)::int as mailed`,
  );
  const told = (counts[0]?.told ?? []).map(Number);
  log.info(
    { uploadId: upload.id, members: told.length, emails: Number(counts[0]?.mailed ?? 0) },
    'points upload credits told',
  );
  return told;
}

/** Members per live event: a NOTIFY payload holds under 8,000 bytes. */
const MEMBERS_PER_EVENT = 500;

/** The bells to refresh after an upload's credits committed: one live event per 500 members. */
export function uploadCreditEvents(memberIds: number[]): LiveEvent[] {
  const events: LiveEvent[] = [];
  for (let i = 0; i < memberIds.length; i += MEMBERS_PER_EVENT) {
    events.push({ type: 'notification', data: {}, forMemberIds: memberIds.slice(i, i + MEMBERS_PER_EVENT) });
  }
  return events;
}
