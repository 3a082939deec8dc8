import { K_ANONYMITY_MIN } from '@ovation/shared/schemas/reports';
import { addDays } from '../../lib/utc-dates.ts';

/**
 * k-anonymity for mood figures (issue 12): a group of fewer than K members is never shown as
 * figures. Groups form a tree (firm → division 1 → 2 → 3), and a shown parent minus its shown
 * descendants would reveal whoever is left over, so a group is shown only when it has at least
 * K members AND what it holds beyond its topmost shown descendants (its residue) is 0 or at
 * least K members. Shown groups then form a laminar family whose smallest derivable sets are
 * these residues, so no difference of published figures — across any filters, which only
 * choose which groups to list — narrows to fewer than K members. Weeks are whole ISO weeks,
 * so periods cannot split a group either.
 */

export interface MoodCounts {
  members: number;
  checkIns: number;
  happy: number;
  okay: number;
  unhappy: number;
}

export interface GroupNode {
  /** 'root' for the firm, 'none' for members without a division, else the division id. */
  key: string;
  name: string;
  level: number;
  parentKey: string | null;
}

export interface PublishedGroup {
  key: string;
  counts: MoodCounts;
  shown: boolean;
}

const zero = (): MoodCounts => ({ members: 0, checkIns: 0, happy: 0, okay: 0, unhappy: 0 });
const add = (a: MoodCounts, b: MoodCounts): MoodCounts => ({
  members: a.members + b.members,
  checkIns: a.checkIns + b.checkIns,
  happy: a.happy + b.happy,
  okay: a.okay + b.okay,
  unhappy: a.unhappy + b.unhappy,
});

/** Decides, for one week, which groups may be shown. `own` holds each group's directly assigned members' counts. */
export function publishGroups(
  nodes: GroupNode[],
  own: Map<string, MoodCounts>,
  k = K_ANONYMITY_MIN,
): Map<string, PublishedGroup> {
  const children = new Map<string, GroupNode[]>();
  for (const node of nodes) {
    if (node.parentKey === null) continue;
    const list = children.get(node.parentKey) ?? [];
    list.push(node);
    children.set(node.parentKey, list);
  }
  const out = new Map<string, PublishedGroup>();
  /** Returns the members covered by the topmost shown groups at or below `node`. */
  const visit = (node: GroupNode): number => {
    let counts = own.get(node.key) ?? zero();
    let covered = 0;
    for (const child of children.get(node.key) ?? []) {
      const childCovered = visit(child);
      const published = out.get(child.key)!;
      counts = add(counts, published.counts);
      covered += published.shown ? published.counts.members : childCovered;
    }
    const residue = counts.members - covered;
    const shown = counts.members >= k && (residue === 0 || residue >= k);
    out.set(node.key, { key: node.key, counts, shown });
    return shown ? counts.members : covered;
  };
  for (const root of nodes.filter((n) => n.parentKey === null)) visit(root);
  return out;
}

/** Monday (UTC) of the ISO week holding `day` (yyyy-MM-dd). */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const offset = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}

/** Sunday (UTC) of the ISO week holding `day`. */
export function sundayOf(day: string): string {
  return addDays(mondayOf(day), 6);
}
