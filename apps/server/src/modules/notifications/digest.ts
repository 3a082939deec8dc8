import type { FastifyBaseLogger } from 'fastify';
import { formatPoints } from '@ovation/shared/format/money';
import { formatDate } from '@ovation/shared/format/date';
import type { Db } from '../../db/db.ts';
import type { OutgoingEmail } from '../../core/mail/mail.repository.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { readSettings } from '../../core/settings/settings.repository.ts';
import {
  claimDigestRun,
  findDigestCandidates,
  findDigestMember,
  findWeekKudos,
  markDigestQueued,
  type WeekKudos,
} from './digest.repository.ts';
import { mailLinkKey, unsubscribeToken } from '../../core/mail/unsubscribe-token.ts';
import { findMissedTeamMembers, MISSED_DAYS, type MissedMember } from '../../core/members/missed.repository.ts';

const DAY = 86_400_000;
/** Lines listed per section; the rest is counted. */
const LISTED = 5;

/** The week a digest sent at `now` is about: the last full week, Monday 00:00 UTC to Monday. */
export function digestWeek(now: Date): { weekStart: string; from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const to = new Date(today - sinceMonday * DAY);
  const from = new Date(to.getTime() - 7 * DAY);
  return { weekStart: from.toISOString().slice(0, 10), from, to };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function describe(item: WeekKudos['items'][number], pointsName: string, mine: boolean): string {
  const points = item.points > 0 ? ` (${formatPoints(item.points)} ${pointsName})` : '';
  const whom = mine ? 'you' : item.recipientName;
  const what =
    item.kind === 'recognition'
      ? `recognised ${whom}${item.behaviour ? ` for ${item.behaviour}` : ''}`
      : item.kind === 'high5'
        ? `sent ${whom} a High Five`
        : `paid it forward to ${whom}`;
  return `- ${item.senderName} ${what}${points}`;
}

function section(week: WeekKudos, pointsName: string, mine: boolean): string[] {
  const lines = week.items.slice(0, LISTED).map((i) => describe(i, pointsName, mine));
  if (week.count > lines.length) lines.push(`- and ${week.count - lines.length} more`);
  return lines;
}

export interface DigestFacts {
  firstName: string;
  email: string;
  week: { from: Date; to: Date };
  /** What the member received: the newest items (up to five are listed) and the week's totals. */
  mine: WeekKudos;
  team: WeekKudos;
  /** A manager's direct reports no one has recognised in the last MISSED_DAYS days. */
  missed: MissedMember[];
  pointsName: string;
  portalUrl: string;
  unsubscribeUrl: string;
}

/**
 * The weekly digest: what the member received and (for managers) what their direct reports
 * received, with the way to stop it. Null when there is nothing to tell: no e-mail that week.
 */
export function digestMail(f: DigestFacts): OutgoingEmail | null {
  if (f.mine.count === 0 && f.team.count === 0 && f.missed.length === 0) return null;
  const last = new Date(f.week.to.getTime() - DAY);
  const span = `${formatDate(f.week.from, 'dd/MM/yyyy', 'UTC')} to ${formatDate(last, 'dd/MM/yyyy', 'UTC')}`;
  const parts = [`Hi ${f.firstName},`, `Your week in recognition, ${span}.`];
  if (f.mine.count > 0) {
    const { points } = f.mine;
    parts.push(
      [
        `You received ${plural(f.mine.count, 'kudos', 'kudos')}${points > 0 ? ` and ${formatPoints(points)} ${f.pointsName}` : ''}:`,
        ...section(f.mine, f.pointsName, true),
      ].join('\n'),
    );
  }
  if (f.team.count > 0) {
    const { people, points } = f.team;
    parts.push(
      [
        `Your team: ${plural(people, 'member')} received ${plural(f.team.count, 'kudos', 'kudos')}${points > 0 ? ` and ${formatPoints(points)} ${f.pointsName}` : ''}:`,
        ...section(f.team, f.pointsName, false),
      ].join('\n'),
    );
  }
  if (f.missed.length > 0) {
    const listed = f.missed
      .slice(0, LISTED)
      .map((m) => `- ${m.name}: recognise them at ${f.portalUrl}/recognise/${m.memberId}`);
    if (f.missed.length > listed.length) listed.push(`- and ${f.missed.length - listed.length} more`);
    parts.push(
      [
        `Not recognised in the last ${MISSED_DAYS} days: ${plural(f.missed.length, 'member')} of your team.`,
        ...listed,
        `See them all on your Management Statement: ${f.portalUrl}/managementstatement`,
      ].join('\n'),
    );
  }
  parts.push(`See it all in My Recognition: ${f.portalUrl}/myrecognition`);
  parts.push(`You receive this digest once a week. To stop it: ${f.unsubscribeUrl}`);
  const count =
    f.mine.count > 0
      ? `you received ${plural(f.mine.count, 'kudos', 'kudos')}`
      : f.team.count > 0
        ? 'your team'
        : `${plural(f.missed.length, 'team member')} not recognised lately`;
  return {
    kind: 'weekly-digest',
    to: f.email,
    subject: `Your week in recognition: ${count}`,
    text: parts.join('\n\n'),
  };
}

export interface DigestDeps {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Sends last week's digest to every member who has it on and has not had it yet: each member's
 * run is claimed by a row keyed (member, week) in the same transaction as the e-mail it queues,
 * so with any number of instances running this at once each member gets it once (decision 0027).
 * Answers how many e-mails were queued.
 */
export async function runWeeklyDigest(deps: DigestDeps, now = new Date()): Promise<number> {
  const week = digestWeek(now);
  const portalUrl = deps.publicUrl.replace(/\/$/, '');
  const [key, settings] = await Promise.all([mailLinkKey(deps.db), readSettings(deps.db, ['pointsName'])]);
  let queued = 0;
  for (;;) {
    const candidates = await findDigestCandidates(deps.db, week.weekStart, 100);
    if (candidates.length === 0) return queued;
    for (const memberId of candidates) {
      const sent = await deps.db.transaction(async (tx) => {
        if (!(await claimDigestRun(tx, memberId, week.weekStart))) return false;
        const member = await findDigestMember(tx, memberId);
        if (!member?.email) return false;
        const [mine, team, missed] = await Promise.all([
          findWeekKudos(tx, memberId, week, 'mine', LISTED),
          findWeekKudos(tx, memberId, week, 'team', LISTED),
          findMissedTeamMembers(tx, memberId, now),
        ]);
        const mail = digestMail({
          firstName: member.firstName,
          email: member.email,
          week,
          mine,
          team,
          missed,
          pointsName: settings.pointsName,
          portalUrl,
          unsubscribeUrl: `${portalUrl}/unsubscribe?token=${unsubscribeToken(key, memberId)}`,
        });
        if (!mail) return false;
        await queueEmail(tx, deps.log, mail);
        await markDigestQueued(tx, memberId, week.weekStart);
        return true;
      });
      if (sent) queued += 1;
      // Let the server's other work in between members, as the mail dispatcher does between
      // batches: on the embedded database a chain of queries never yields to I/O by itself, and
      // a run over the demo firm once kept every request waiting for 14 s.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

export interface DigestScheduler {
  stop(): Promise<void>;
}

/** Runs the weekly digest every `intervalMs` (hourly by default); each run sends what is still due. */
export function startDigestScheduler(deps: DigestDeps, intervalMs = 3_600_000): DigestScheduler {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= runWeeklyDigest(deps)
      .then((n) => n > 0 && deps.log.info({ queued: n }, 'weekly digests queued'))
      .catch((err: unknown) => deps.log.error({ err }, 'weekly digest failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
