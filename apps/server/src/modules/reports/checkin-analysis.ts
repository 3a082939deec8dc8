import { FEWER_THAN_K, type ReportFilters } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { addDays, utcToday } from '../../lib/utc-dates.ts';
import { mondayOf, publishGroups, sundayOf, type GroupNode, type MoodCounts } from './k-anonymity.ts';
import { listDivisions, weekLeafCounts, type DivisionNode } from './mood-reports.repository.ts';

const MAX_WEEKS = 54;

/**
 * The whole ISO weeks the filters cover (default: the last 12 weeks that have ended). A week is
 * published only once it has ended (UTC): figures of a week still filling up, read on two days,
 * would differ by the check-ins in between, perhaps a single member's.
 */
export function analysisWeeks(filters: Pick<ReportFilters, 'from' | 'to'>, today = utcToday()) {
  const lastEnded = addDays(mondayOf(today), -1);
  const asked = sundayOf(filters.to ?? today);
  const toSunday = asked < lastEnded ? asked : lastEnded;
  const fromMonday = mondayOf(filters.from ?? addDays(toSunday, -(12 * 7 - 1)));
  if (fromMonday > asked) throw fieldError('to', 'The end date must be on or after the start date');
  const weeks: string[] = [];
  for (let week = fromMonday; week <= toSunday; week = addDays(week, 7)) weeks.push(week);
  if (weeks.length > MAX_WEEKS) throw fieldError('from', `Choose at most ${MAX_WEEKS} weeks`);
  return { fromMonday, toSunday, weeks };
}

export function groupTree(divisions: DivisionNode[]): GroupNode[] {
  return [
    { key: 'root', name: 'Whole firm', level: 0, parentKey: null },
    { key: 'none', name: 'No division', level: 1, parentKey: 'root' },
    ...divisions.map((d) => ({
      key: String(d.id),
      name: d.name,
      level: d.level,
      parentKey: d.parentId === null ? 'root' : String(d.parentId),
    })),
  ];
}

/** Mood per week for every group of the tree, with k-anonymity applied per week. */
export async function publishedMoodWeeks(db: Db, filters: Pick<ReportFilters, 'from' | 'to'>) {
  const { fromMonday, toSunday, weeks } = analysisWeeks(filters);
  const [divisions, leaves] = await Promise.all([
    listDivisions(db),
    weeks.length > 0 ? weekLeafCounts(db, fromMonday, toSunday) : [],
  ]);
  const nodes = groupTree(divisions);
  const byWeek = new Map<string, Map<string, MoodCounts>>();
  for (const leaf of leaves) {
    const own = byWeek.get(leaf.week) ?? new Map<string, MoodCounts>();
    own.set(leaf.divisionId === null ? 'none' : String(leaf.divisionId), leaf);
    byWeek.set(leaf.week, own);
  }
  return { nodes, weeks: weeks.map((week) => ({ week, groups: publishGroups(nodes, byWeek.get(week) ?? new Map()) })) };
}

const share = (part: number, whole: number) => Math.round((1000 * part) / whole) / 10;

/** Rows of /reportdailycheckinanalysis: the chosen division (or the firm) and its sub-groups, by week. */
export async function checkInAnalysisRows(db: Db, filters: ReportFilters) {
  const { nodes, weeks } = await publishedMoodWeeks(db, filters);
  // The chosen group (or the whole firm) and the groups just below it.
  const chosen = String(filters.division3 ?? filters.division2 ?? filters.division1 ?? 'root');
  const listed = [...nodes.filter((n) => n.key === chosen), ...nodes.filter((n) => n.parentKey === chosen)];
  const rows: Record<string, unknown>[] = [];
  for (const { week, groups } of weeks) {
    for (const node of listed) {
      const group = groups.get(node.key);
      if (!group || group.counts.members === 0) continue;
      const c = group.counts;
      rows.push(
        group.shown
          ? {
              rowKey: `${week}-${node.key}`,
              week,
              division: node.name,
              members: c.members,
              checkIns: c.checkIns,
              happyShare: share(c.happy, c.checkIns),
              okayShare: share(c.okay, c.checkIns),
              unhappyShare: share(c.unhappy, c.checkIns),
              averageMood: Math.round((100 * (c.happy + 2 * c.okay + 3 * c.unhappy)) / c.checkIns) / 100,
              privacy: '',
            }
          : {
              rowKey: `${week}-${node.key}`,
              week,
              division: node.name,
              members: null,
              checkIns: null,
              happyShare: null,
              okayShare: null,
              unhappyShare: null,
              averageMood: null,
              privacy: FEWER_THAN_K,
            },
      );
    }
  }
  return {
    rows,
    note: `Groups of fewer than 5 members show "${FEWER_THAN_K}"; weeks are whole Monday–Sunday weeks, shown once they have ended.`,
  };
}
