import { sql, type SQL } from 'drizzle-orm';
import { getCapabilities, type CapabilityInput } from '@ovation/shared/capabilities';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

/**
 * Who uploaded a members or points file, as its check and apply see them (issue 11). What the
 * file's rows change is written by the member-change kernel (core/member-changes/member-change.ts).
 */

/** Who uploaded a file, as its check needs them: their employee number and whether they manage roles. */
export interface Uploader {
  memberId: number;
  employeeNumber: string;
  isManager: boolean;
  manageRoles: boolean;
}

/** The member who uploaded the file, as the check sees them. */
export async function findUploader(db: Db, uploadId: number): Promise<Uploader> {
  return uploaderFrom(sql`m.id = (select uploaded_by from uploads where id = ${uploadId})`, db, `upload ${uploadId}`);
}

/** A member who applies a file, as the check would have seen them. */
export async function findMemberUploader(db: Db, memberId: number): Promise<Uploader> {
  return uploaderFrom(sql`m.id = ${memberId}`, db, `member ${memberId}`);
}

async function uploaderFrom(where: SQL, db: Db, what: string): Promise<Uploader> {
  const [row] = await queryRows<CapabilityInput & { id: number; employeeNumber: string }>(
    db,
    sql`select m.id, m.employee_number as "employeeNumber", m.roles, m.is_manager as "isManager",
          m.is_admin_reports as "isAdminReports", m.country, m.unit
        from members m where ${where}`,
  );
  if (!row) throw new Error(`${what} has no member`);
  return {
    memberId: row.id,
    employeeNumber: row.employeeNumber,
    isManager: row.isManager,
    manageRoles: getCapabilities(row).manageRoles,
  };
}
