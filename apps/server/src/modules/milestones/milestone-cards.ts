import { sql, type SQL } from 'drizzle-orm';
import type { Milestone, MilestonesResponse } from '@ovation/shared/schemas/milestones';
import { celebrationsHidden } from '../../core/members/preferences.repository.ts';
import type { Db } from '../../db/db.ts';
import { queryRows, toNumber } from '../../db/sql-rows.ts';
import { businessRule, forbidden, notFound } from '../../lib/app-errors.ts';

/**
 * Milestone cards (decision 0108). Anyone in the firm may open and sign the card of a colleague's
 * coming milestone, unless the colleague hides their work anniversary from Celebrations (then only
 * they and their manager see it). The messages stay hidden from the member until it is posted.
 */

interface Row {
  id: unknown;
  member_id: number;
  member_name: string;
  manager_id: number | null;
  years: number;
  milestone_on: string;
  post_on: string;
  posted: boolean;
  points: number;
  form: 'points' | 'gift';
  gift_name: string;
  message: string;
  hidden: boolean;
  kudos_id: unknown;
  messages: { authorName: string; message: string; signedAt: string; authorId: number }[] | null;
}

const select = (viewerId: number, where: SQL) => sql`
  select sm.id, sm.member_id, m.first_name || ' ' || m.surname as member_name, sm.manager_id, sm.years,
         sm.milestone_on::text as milestone_on, sm.post_on::text as post_on, sm.posted_at is not null as posted,
         sm.points, sm.form, sm.gift_name, sm.message, ${celebrationsHidden(sql`sm.member_id`)} as hidden, sm.kudos_id,
         (select json_agg(json_build_object('authorName', a.first_name || ' ' || a.surname, 'message', c.message,
                  'signedAt', to_char(c.signed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'authorId', c.author_id)
                  order by c.signed_at)
            from milestone_card_messages c join members a on a.id = c.author_id
            where c.milestone_id = sm.id) as messages
  from service_milestones sm join members m on m.id = sm.member_id
  where ${where} and (sm.member_id = ${viewerId} or sm.manager_id = ${viewerId}
                      or not ${celebrationsHidden(sql`sm.member_id`)})`;

function present(row: Row, viewerId: number): Milestone {
  const own = row.member_id === viewerId;
  const messages = row.messages ?? [];
  const shown = own && !row.posted ? [] : messages;
  return {
    milestoneId: toNumber(row.id),
    memberId: row.member_id,
    memberName: row.member_name,
    own,
    years: row.years,
    milestoneOn: row.milestone_on,
    postOn: row.post_on,
    status: row.posted ? 'posted' : 'upcoming',
    points: row.points,
    form: row.form,
    giftName: row.gift_name,
    // Until it is posted the message is the manager's draft: theirs (and the firm's) to read.
    message: own && !row.posted ? '' : row.message,
    canEditMessage: !row.posted && row.manager_id === viewerId,
    canSign: !row.posted && !own,
    messages: shown.map((m) => ({
      authorName: m.authorName,
      message: m.message,
      signedAt: m.signedAt,
      mine: m.authorId === viewerId,
    })),
    signatures: messages.length,
    kudosId: row.kudos_id == null ? null : toNumber(row.kudos_id),
  };
}

/** One milestone card as the viewer may see it (404 when they may not). */
export async function getMilestone(db: Db, viewerId: number, milestoneId: number): Promise<Milestone> {
  const [row] = await queryRows<Row>(db, select(viewerId, sql`sm.id = ${milestoneId}`));
  if (!row) throw notFound('No such milestone.');
  return present(row, viewerId);
}

/**
 * The cards a member sees under Awards, Milestones: coming milestones of their team (the same
 * manager), their direct reports and their manager; and their own once posted (this year's).
 */
export async function listMilestones(db: Db, viewerId: number): Promise<MilestonesResponse> {
  return findMilestones(
    db,
    viewerId,
    sql`((sm.posted_at is null and sm.member_id <> ${viewerId} and (
              sm.manager_id = ${viewerId}
              or m.manager_id = (select v.manager_id from members v where v.id = ${viewerId})
              or sm.member_id = (select v.manager_id from members v where v.id = ${viewerId})))
           or (sm.member_id = ${viewerId} and sm.posted_at > now() - interval '1 year'))`,
    100,
  );
}

/** The milestones announced and not yet posted, soonest first, as the viewer may see them. */
export const upcomingMilestones = (db: Db, viewerId: number, limit: number) =>
  findMilestones(db, viewerId, sql`sm.posted_at is null`, limit);

/** The cards `where` picks (over `sm` and its member `m`) that the viewer may see, in one read. */
async function findMilestones(db: Db, viewerId: number, where: SQL, limit: number): Promise<MilestonesResponse> {
  const rows = await queryRows<Row>(db, sql`${select(viewerId, where)} order by sm.post_on, sm.id limit ${limit}`);
  return { items: rows.map((r) => present(r, viewerId)) };
}

/** Signs the card (again: replaces one's message). Not one's own, nor once it is posted. */
export async function signCard(db: Db, viewerId: number, milestoneId: number, message: string): Promise<Milestone> {
  const card = await getMilestone(db, viewerId, milestoneId);
  if (card.memberId === viewerId) throw forbidden('This is your own milestone card: colleagues sign it.');
  if (card.status === 'posted') throw businessRule('This milestone was posted: its card is closed.');
  await db.execute(sql`
    insert into milestone_card_messages (milestone_id, author_id, message)
    select id, ${viewerId}, ${message} from service_milestones where id = ${milestoneId} and posted_at is null
    on conflict (milestone_id, author_id) do update set message = excluded.message, signed_at = now()`);
  return getMilestone(db, viewerId, milestoneId);
}

/** The manager changes the message posted with the award, until it is posted. */
export async function setMilestoneMessage(
  db: Db,
  viewerId: number,
  milestoneId: number,
  message: string,
): Promise<Milestone> {
  const card = await getMilestone(db, viewerId, milestoneId);
  if (!card.canEditMessage) {
    throw card.status === 'posted'
      ? businessRule('This milestone was posted: its message can no longer change.')
      : forbidden('Only the member’s manager writes this message.');
  }
  await db.execute(sql`update service_milestones set message = ${message}
    where id = ${milestoneId} and posted_at is null and manager_id = ${viewerId}`);
  return getMilestone(db, viewerId, milestoneId);
}
