import type { KudosKind } from '@ovation/shared/vocabulary';
import { HIGH_FIVE_MESSAGES, PAY_IT_FORWARD_MESSAGES, RECOGNITION_MESSAGES } from './feed-messages.ts';
import type { Random } from './random.ts';

export interface SeedMember {
  id: number;
  firstName: string;
  unit: string;
  country: string;
  isManager: boolean;
  /** Their manager: a manager's team budget pays only their own team (the send rules). */
  managerId: number | null;
  demo: boolean;
}

const KUDOS_COUNT = 3000;
const HISTORY_DAYS = 90;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface KudosSeed {
  i: number;
  kind: KudosKind;
  from_member_id: number;
  to_member_id: number;
  behaviour_id: number | null;
  message: string;
  /** Points moved with the item; the ledger seed books them (team budget or own points). */
  points: number;
  like_count: number;
  cheer_count: number;
  support_count: number;
  created_at: string;
}

interface ReactionSeed {
  kudos_index: number;
  kind: number;
  member_id: number;
  created_at: string;
}

/** A moment in the last 90 days, mostly on weekdays in office hours; the newest are minutes old. */
function postedAt(random: Random, now: Date, index: number): number {
  if (index < 12) return now.getTime() - random.int(1, 60 * 20) * MINUTE;
  for (;;) {
    const day = new Date(now.getTime() - random.int(0, HISTORY_DAYS) * DAY);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    if (weekend && !random.chance(0.15)) continue;
    day.setUTCHours(random.int(6, 16), random.int(0, 59), random.int(0, 59), 0);
    if (day.getTime() < now.getTime()) return day.getTime();
  }
}

/** Picks from `favoured` with probability `share` (when it has anyone), otherwise from everyone. */
function pickMember(random: Random, members: SeedMember[], favoured: SeedMember[], share: number, not?: number) {
  for (;;) {
    const pool = favoured.length > 0 && random.chance(share) ? favoured : members;
    const m = random.pick(pool);
    if (m.id !== not) return m;
  }
}

function reactionsFor(random: Random, index: number, kudos: KudosSeed, members: SeedMember[], nowMs: number) {
  const out: ReactionSeed[] = [];
  const posted = Date.parse(kudos.created_at);
  const wanted = random.chance(0.25) ? 0 : random.int(1, random.chance(0.08) ? 30 : 4);
  const seen = new Set<string>();
  for (let n = 0; n < wanted; n++) {
    const kind = random.chance(0.6) ? 1 : random.chance(0.6) ? 2 : 3;
    const member = random.pick(members).id;
    const key = `${kind}:${member}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = Math.min(nowMs - 1000, posted + random.int(1, 3 * 24 * 60) * MINUTE);
    out.push({ kudos_index: index, kind, member_id: member, created_at: new Date(at).toISOString() });
  }
  for (const r of out) {
    if (r.kind === 1) kudos.like_count += 1;
    else if (r.kind === 2) kudos.cheer_count += 1;
    else kudos.support_count += 1;
  }
  return out;
}

/**
 * Managers add points to most recognitions of their own team from their team budget (the
 * budget pays no one else, as the send rules say); a Pay It Forward shares points.
 */
function pointsFor(random: Random, kind: KudosSeed['kind'], from: SeedMember, to: SeedMember): number {
  if (kind === 'payitforward') return random.pick([20, 50, 50, 100]);
  if (kind === 'recognition' && to.managerId === from.id) return random.pick([50, 100, 100, 200, 250, 500]);
  return 0;
}

/** About three months of kudos, oldest first, and their reactions (counts match the rows). */
export function buildKudos(
  random: Random,
  now: Date,
  members: SeedMember[],
  behaviours: { id: number; name: string }[],
) {
  // The demo accounts take part often so their feed is lively; a few colleagues are
  // recognised more than most, so the leaderboard has a story to tell.
  const demo = members.filter((m) => m.demo);
  const stars = members.filter((m) => !m.demo && m.id % 17 === 3).slice(0, 12);
  const southAfricans = members.filter((m) => m.country === 'South Africa');
  const southAfricanDemo = demo.filter((m) => m.country === 'South Africa');
  const teams = new Map<number, SeedMember[]>();
  for (const m of members) if (m.managerId !== null) teams.set(m.managerId, [...(teams.get(m.managerId) ?? []), m]);
  const times = Array.from({ length: KUDOS_COUNT }, (_, i) => postedAt(random, now, i)).sort((a, b) => a - b);
  const kudos: KudosSeed[] = [];
  const reactions: ReactionSeed[] = [];
  times.forEach((time, i) => {
    const roll = random.next();
    const kind = roll < 0.55 ? 'recognition' : roll < 0.95 ? 'high5' : 'payitforward';
    // Pay It Forward is for South Africa only (spec §6).
    const from =
      kind === 'payitforward'
        ? pickMember(random, southAfricans, southAfricanDemo, 0.08)
        : pickMember(random, members, demo, 0.08);
    // A manager recognises their own team most of the time; Pay It Forward stays in South Africa.
    const team = kind === 'recognition' && from.isManager ? (teams.get(from.id) ?? []) : [];
    const to =
      team.length > 0 && random.chance(0.7)
        ? random.pick(team)
        : kind === 'payitforward'
          ? pickMember(random, southAfricans, southAfricanDemo, 0.06, from.id)
          : random.chance(0.12)
            ? pickMember(random, stars, stars, 1, from.id)
            : pickMember(random, members, demo, 0.06, from.id);
    const behaviour = kind === 'recognition' ? random.pick(behaviours) : null;
    const templates =
      kind === 'recognition'
        ? (RECOGNITION_MESSAGES[behaviour!.name] ?? HIGH_FIVE_MESSAGES)
        : kind === 'high5'
          ? HIGH_FIVE_MESSAGES
          : PAY_IT_FORWARD_MESSAGES;
    const item: KudosSeed = {
      i,
      kind,
      from_member_id: from.id,
      to_member_id: to.id,
      behaviour_id: behaviour?.id ?? null,
      message: random.pick(templates).replaceAll('{name}', to.firstName),
      points: pointsFor(random, kind, from, to),
      like_count: 0,
      cheer_count: 0,
      support_count: 0,
      created_at: new Date(time).toISOString(),
    };
    reactions.push(...reactionsFor(random, i, item, members, now.getTime()));
    kudos.push(item);
  });
  return { kudos, reactions };
}

/** Check-ins of the demo members (not unit TRF) on most days of the last two months, not today. */
export function buildMoods(random: Random, now: Date, members: SeedMember[]) {
  const moods: { memberId: number; day: string; value: number }[] = [];
  for (const m of members.filter((x) => x.demo && x.unit.toUpperCase() !== 'TRF')) {
    for (let back = 1; back <= 60; back++) {
      if (!random.chance(0.7)) continue;
      const day = new Date(now.getTime() - back * DAY).toISOString().slice(0, 10);
      const value = random.chance(0.6) ? 1 : random.chance(0.7) ? 2 : 3;
      moods.push({ memberId: m.id, day, value });
    }
  }
  return moods;
}
