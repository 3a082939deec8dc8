import type { Db } from '../../db/db.ts';
import type { RawRow } from './read-upload-file.ts';
import { emptySummary, type RowChecker } from './row-checker.ts';
import { checkPointsRow, type PointsRowData } from './upload-rows.ts';
import { findMembersByEmployeeNumbers } from '../../core/member-changes/member-change.repository.ts';
import type { Uploader } from './upload-members.repository.ts';
import { insertUploadRows, type StagedRow } from './uploads.repository.ts';

/** A points row for the uploader's own accounts (decision 0081). */
export const SELF_CREDIT = 'You cannot upload points to yourself; ask another uploader';

/** Points rows depend on no other row: each batch is staged as soon as it is checked. */
export class PointsCheck implements RowChecker {
  private readonly summary = emptySummary();
  private readonly membersSeen = new Set<number>();
  /** The first valid row of each (member, points, account, reason): a repeat is refused, not paid twice. */
  private readonly firstRowOf = new Map<string, number>();
  constructor(
    private readonly db: Db,
    private readonly uploadId: number,
    private readonly uploader: Uploader,
  ) {}

  async add(rows: RawRow[], index: Map<string, number>) {
    const parsed = rows.map((r) => ({ row: r.row, ...checkPointsRow(r.cells, index) }));
    const numbers = [...new Set(parsed.flatMap((p) => (p.data ? [p.data.employeeNumber] : [])))];
    const known = new Map((await findMembersByEmployeeNumbers(this.db, numbers)).map((m) => [m.employeeNumber, m]));
    const staged = parsed.map((p): StagedRow => {
      this.summary.rows++;
      const member = p.data ? known.get(p.data.employeeNumber) : undefined;
      const refusal = !p.data
        ? p.refusal
        : !member
          ? `No member has employee number “${p.data.employeeNumber}”`
          : !member.active
            ? `Member ${p.data.employeeNumber} is not active`
            : member.id === this.uploader.memberId
              ? SELF_CREDIT
              : p.data.account === 'team' && !member.isManager
                ? `Member ${p.data.employeeNumber} is not a manager, so has no team budget`
                : this.repeatOf(p.row, member.id, p.data);
      if (refusal || !p.data || !member) {
        this.summary.refused++;
        return { rowNum: p.row, refusal: refusal ?? 'Refused', data: {} };
      }
      this.summary.valid++;
      this.membersSeen.add(member.id);
      if (p.data.account === 'team') this.summary.teamPoints += p.data.points;
      else this.summary.personalPoints += p.data.points;
      return { rowNum: p.row, refusal: null, data: { ...p.data, memberId: member.id } };
    });
    await insertUploadRows(this.db, this.uploadId, staged);
  }

  /** A row the same as an earlier valid one (a copy-and-paste slip): refused, naming that row. */
  private repeatOf(row: number, memberId: number, d: PointsRowData): string | null {
    const key = `${memberId}\u0000${d.points}\u0000${d.account}\u0000${d.reason.toLowerCase()}`;
    const first = this.firstRowOf.get(key);
    if (first !== undefined) return `The same as row ${first}: give each credit its own reason if both are meant`;
    this.firstRowOf.set(key, row);
    return null;
  }

  async finish() {
    this.summary.members = this.membersSeen.size;
    return { staged: [], summary: this.summary };
  }
}

/** A points row for the uploader's own accounts (decision 0081). */
