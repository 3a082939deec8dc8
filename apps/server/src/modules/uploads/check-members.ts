import type { Db } from '../../db/db.ts';
import type { RawRow } from './read-upload-file.ts';
import { emptySummary, type RowChecker } from './row-checker.ts';
import { checkMemberRow, type MemberRowData } from './upload-rows.ts';
import type { StagedRow } from './uploads.repository.ts';
import { managerLoops } from '../../core/member-changes/manager-loops.ts';
import { wouldChange } from '../../core/member-changes/member-change.ts';
import {
  currentManagerChains,
  existingEmployeeNumbers,
  findEmailOwners,
  findMembersByEmployeeNumbers,
  type KnownMember,
} from '../../core/member-changes/member-change.repository.ts';
import type { Uploader } from './upload-members.repository.ts';

interface Checked<T> {
  row: number;
  data?: T;
  refusal?: string;
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') === (b ?? '');

/**
 * Members rows depend on one another (employee numbers, e-mail addresses and managers across
 * the file): each batch is checked as it comes, and the rows are staged once the whole file is in.
 */
export class MembersCheck implements RowChecker {
  private readonly checked: Checked<MemberRowData>[] = [];
  private readonly known = new Map<string, KnownMember>();
  /** Employee number → row, and e-mail → employee number, of the file's valid rows so far. */
  private readonly numbersInFile = new Map<string, number>();
  private readonly emailsInFile = new Map<string, string>();
  constructor(
    private readonly db: Db,
    private readonly uploader: Uploader,
  ) {}

  async add(rows: RawRow[], index: Map<string, number>) {
    const parsed = rows.map((r) => ({ row: r.row, ...checkMemberRow(r.cells, index) }));
    const valid = parsed.flatMap((p) => (p.data ? [p.data] : []));
    const found = await findMembersByEmployeeNumbers(this.db, [...new Set(valid.map((d) => d.employeeNumber))]);
    for (const m of found) this.known.set(m.employeeNumber, m);
    const owners = await findEmailOwners(this.db, [
      ...new Set(valid.flatMap((d) => (d.email ? [d.email.toLowerCase()] : []))),
    ]);
    for (const p of parsed) {
      if (!p.data) {
        this.checked.push({ row: p.row, refusal: p.refusal });
        continue;
      }
      const d = p.data;
      const email = d.email?.toLowerCase();
      const earlier = this.numbersInFile.get(d.employeeNumber);
      const owner = email ? owners.get(email) : undefined;
      const fileOwner = email ? this.emailsInFile.get(email) : undefined;
      const refusal =
        earlier !== undefined
          ? `Employee number ${d.employeeNumber} is also on row ${earlier}`
          : !this.known.has(d.employeeNumber) && !d.email
            ? 'A new member needs an e-mail address (they register with it)'
            : owner && owner !== d.employeeNumber
              ? `E-mail ${d.email} belongs to member ${owner}`
              : fileOwner && fileOwner !== d.employeeNumber
                ? `E-mail ${d.email} is also given to ${fileOwner} in this file`
                : this.beyondUploader(d);
      if (refusal) {
        this.checked.push({ row: p.row, refusal });
        continue;
      }
      this.numbersInFile.set(d.employeeNumber, p.row);
      if (email) this.emailsInFile.set(email, d.employeeNumber);
      this.checked.push({ row: p.row, data: d });
    }
  }

  /**
   * What only a report administrator may change by upload (security review, decision 0070):
   * roles (granted on the roles report, where every change is kept), and the records of report
   * administrators; nobody changes their own record by upload.
   */
  private beyondUploader(d: MemberRowData): string | null {
    const known = this.known.get(d.employeeNumber);
    const alters = !known || wouldChange(d, known);
    // One source for each member: the directory's changes would undo the file's at its next sync.
    if (known?.directoryManaged && alters) {
      return `Member ${d.employeeNumber} is managed by the firm's directory (SCIM): change them there; this row is left as it is`;
    }
    if (known && alters && d.employeeNumber === this.uploader.employeeNumber) {
      return 'You cannot change your own record by upload; ask another uploader or a report administrator';
    }
    // Naming the uploader as someone's manager would make the uploader a manager (a team budget).
    if (d.manager === this.uploader.employeeNumber && !this.uploader.isManager && d.manager !== known?.managerNumber) {
      return 'This row names you as a manager, which would change your own record; ask another uploader or a report administrator';
    }
    if (this.uploader.manageRoles) return null;
    if (known?.isAdminReports && alters) {
      return `Member ${d.employeeNumber} is a report administrator: only a report administrator can change their record by upload`;
    }
    // A sign-in address decides who can reset the password (and who single sign-on matches).
    if (known && d.email !== null && !sameText(d.email.toLowerCase(), known.email?.toLowerCase())) {
      return `Member ${d.employeeNumber}'s e-mail address is changed by a report administrator, or by the member on My Profile: leave E-mail empty`;
    }
    const rolesNow = known ? known.roles.split(',').filter(Boolean).sort().join(',') : '';
    if (d.roles !== null && d.roles.join(',') !== rolesNow) {
      return 'Roles are granted by a report administrator on the roles report: leave Roles empty';
    }
    return null;
  }

  /** A row whose manager chain (the file's rows over today's managers) comes back to it is refused. */
  private async refuseManagerLoops() {
    const named = new Map(
      this.checked.flatMap((c) => (c.data?.manager ? [[c.data.employeeNumber, c.data.manager]] : [])),
    );
    if (named.size === 0) return;
    const current = await currentManagerChains(this.db, [...new Set([...named.keys(), ...named.values()])]);
    const loops = managerLoops(named as Map<string, string>, current);
    for (const c of this.checked) {
      const loop = c.data && loops.get(c.data.employeeNumber);
      if (!loop) continue;
      c.refusal = `Manager ${c.data!.manager} would make a loop: ${loop.join(' → ')}`;
      this.numbersInFile.delete(c.data!.employeeNumber);
      c.data = undefined;
    }
  }

  async finish() {
    await this.refuseManagerLoops();
    // Managers may be rows later in the file or existing members; a row whose manager is
    // neither (or whose manager's own row was refused) is refused, until nothing changes.
    const managers = [...new Set(this.checked.flatMap((c) => (c.data?.manager ? [c.data.manager] : [])))];
    const inDb = await existingEmployeeNumbers(this.db, managers);
    let changed = true;
    while (changed) {
      changed = false;
      for (const c of this.checked) {
        const manager = c.data?.manager;
        if (!c.data || !manager) continue;
        if (this.numbersInFile.has(manager) || inDb.has(manager)) continue;
        c.refusal = `Manager ${manager} is neither a member nor a valid row in this file`;
        this.numbersInFile.delete(c.data.employeeNumber);
        c.data = undefined;
        changed = true;
      }
    }
    const summary = emptySummary();
    const staged = this.checked.map((c): StagedRow => {
      summary.rows++;
      if (!c.data) {
        summary.refused++;
        return { rowNum: c.row, refusal: c.refusal!, data: {} };
      }
      summary.valid++;
      const known = this.known.get(c.data.employeeNumber);
      if (!known) summary.created++;
      else if (known.active && c.data.active === false) summary.deactivated++;
      else if (wouldChange(c.data, known)) summary.updated++;
      else summary.unchanged++;
      return { rowNum: c.row, refusal: null, data: { ...c.data } };
    });
    summary.members = summary.valid;
    return { staged, summary };
  }
}
