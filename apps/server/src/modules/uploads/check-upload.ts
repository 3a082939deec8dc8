import type { UploadKind } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { readUploadRows, UploadFileError, type RawRow, type UploadFileType } from './read-upload-file.ts';
import { PointsCheck } from './check-points.ts';
import { emptySummary, type RowChecker } from './row-checker.ts';
import { checkMemberRow, mapHeader, type MemberRowData } from './upload-rows.ts';
import { insertUploadRows, moveUploadStatus, setUploadProgress, type StagedRow } from './uploads.repository.ts';
import { managerLoops } from './manager-loops.ts';
import {
  currentManagerChains,
  existingEmployeeNumbers,
  findEmailOwners,
  findMembersByEmployeeNumbers,
  findUploader,
  type KnownMember,
  type Uploader,
} from './upload-members.repository.ts';

export { emptySummary } from './row-checker.ts';
export { SELF_CREDIT } from './check-points.ts';

const BATCH = 2000;
const STAGE_BATCH = 10_000;

const NO_ROWS = 'The file names its columns but has no rows under them.';

/**
 * Reads the header and looks for a first row: the route refuses a file it cannot open, whose
 * columns are wrong or that has no rows (400).
 */
export async function readHeader(kind: UploadKind, bytes: Buffer, type: UploadFileType): Promise<void> {
  const rows = readUploadRows(bytes, type);
  try {
    const first = await rows.next();
    if (first.done) throw new UploadFileError('The file is empty.');
    mapHeader(kind, first.value.cells);
    if ((await rows.next()).done) throw new UploadFileError(NO_ROWS);
  } finally {
    await rows.return(undefined);
  }
}

/** A rough row count for the progress bar (lines of a CSV; XLSX counts as it goes). */
export function estimateRows(bytes: Buffer, type: UploadFileType): number {
  if (type !== 'csv') return 0;
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  return Math.max(0, lines - (bytes[bytes.length - 1] === 10 ? 1 : 0));
}

interface Checked<T> {
  row: number;
  data?: T;
  refusal?: string;
}

/**
 * Checks every row (streaming parse, batched look-ups), stages the rows with their refusals and
 * the summary, and moves the upload to 'checked' — or 'failed' with the reason when the file
 * itself cannot be read. Progress is written every batch so a poller sees rows processed.
 */
export async function checkUpload(
  db: Db,
  job: { uploadId: number; kind: UploadKind; bytes: Buffer; type: UploadFileType },
): Promise<void> {
  const total = estimateRows(job.bytes, job.type);
  const rows = readUploadRows(job.bytes, job.type);
  const header = await rows.next();
  if (header.done) throw new UploadFileError('The file is empty.');
  const index = mapHeader(job.kind, header.value.cells);

  const checker =
    job.kind === 'members'
      ? new MembersCheck(db, await findUploader(db, job.uploadId))
      : new PointsCheck(db, job.uploadId, await findUploader(db, job.uploadId));
  let batch: RawRow[] = [];
  let processed = 0;
  const flush = async () => {
    await checker.add(batch, index);
    processed += batch.length;
    batch = [];
    await setUploadProgress(db, job.uploadId, processed, Math.max(total, processed));
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (processed === 0) throw new UploadFileError(NO_ROWS);

  const { staged, summary } = await checker.finish();
  for (let i = 0; i < staged.length; i += STAGE_BATCH) {
    await insertUploadRows(db, job.uploadId, staged.slice(i, i + STAGE_BATCH));
  }
  await moveUploadStatus(db, job.uploadId, 'checking', {
    status: 'checked',
    summary: { ...summary },
    processedRows: processed,
    totalRows: processed,
  });
}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') === (b ?? '');

/** Would applying this row change the known member? (Empty optional values keep what is there.) */
function changes(row: MemberRowData, m: KnownMember): boolean {
  const optional = (value: string | null, current: string | null) => value !== null && !sameText(value, current);
  return (
    row.firstName !== m.firstName ||
    row.surname !== m.surname ||
    row.country !== m.country ||
    (row.active !== null && row.active !== m.active) ||
    optional(row.email, m.email) ||
    optional(row.cellNum, m.cellNum) ||
    optional(row.unit, m.unit) ||
    optional(row.startDate, m.startDate) ||
    optional(row.birthDate, m.birthDate) ||
    optional(row.manager, m.managerNumber) ||
    (row.divisions.length > 0 && row.divisions.join('/') !== (m.divisions ?? '')) ||
    (row.roles !== null && row.roles.join(',') !== m.roles.split(',').filter(Boolean).sort().join(','))
  );
}

class MembersCheck implements RowChecker {
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
    const alters = !known || changes(d, known);
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
      else if (changes(c.data, known)) summary.updated++;
      else summary.unchanged++;
      return { rowNum: c.row, refusal: null, data: { ...c.data } };
    });
    summary.members = summary.valid;
    return { staged, summary };
  }
}
