import { sql } from 'drizzle-orm';
import type { Row, Statement } from '../../db/statement.ts';

/** An active member with what a send needs (names, e-mail, manager, capability inputs, e-mail choices). */
export interface SendMember {
  id: number;
  firstName: string;
  surname: string;
  fullName: string;
  email: string | null;
  managerId: number | null;
  country: string;
  unit: string;
  roles: string;
  isManager: boolean;
  isAdminReports: boolean;
  managerEmail: string | null;
  managerFirstName: string | null;
  /** Which kudos e-mails they left on (read here, with the members, rather than in the send's transaction). */
  emailRecognised: boolean;
  emailHigh5: boolean;
  emailPoints: boolean;
}

const sendMember = (r: Row): SendMember => ({
  id: Number(r.id),
  firstName: String(r.first_name),
  surname: String(r.surname),
  fullName: `${String(r.first_name)} ${String(r.surname)}`,
  email: r.email == null ? null : String(r.email),
  managerId: r.manager_id == null ? null : Number(r.manager_id),
  country: String(r.country),
  unit: String(r.unit),
  roles: String(r.roles),
  isManager: r.is_manager === true,
  isAdminReports: r.is_admin_reports === true,
  managerEmail: r.manager_email == null ? null : String(r.manager_email),
  managerFirstName: r.manager_first_name == null ? null : String(r.manager_first_name),
  emailRecognised: r.email_recognised !== false,
  emailHigh5: r.email_high5 !== false,
  emailPoints: r.email_points !== false,
});

/**
 * Active members by id, as a statement: a send's reads go out together before its transaction
 * (decision 0049), in the order asked for (a recognition's thanks names them in the sender's
 * order). Missing or inactive ids are simply not among the rows; ids must not repeat.
 */
export function activeMembersStatement(ids: number[]): Statement<SendMember[]> {
  return {
    sql: sql`select m.id, m.first_name, m.surname, m.email, m.manager_id, m.country, m.unit, m.roles,
                    m.is_manager, m.is_admin_reports, mgr.email as manager_email, mgr.first_name as manager_first_name,
                    p.email_recognised, p.email_high5, p.email_points
             from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as x(id, n)
             join members m on m.id = x.id::int and m.active
             left join members mgr on mgr.id = m.manager_id
             left join member_preferences p on p.member_id = m.id
             order by x.n`,
    name: 'send_active_members',
    read: (rows) => rows.map(sendMember),
  };
}

/** A one-to-one send's two parties in one statement: the sender's name and the recipient, if still active. */
export function sendPartiesStatement(senderId: number, recipientId: number) {
  const members = activeMembersStatement([recipientId, senderId]);
  return {
    ...members,
    read: (rows: Row[]) => {
      const found = members.read(rows);
      return {
        sender: { id: senderId, fullName: found.find((m) => m.id === senderId)?.fullName ?? '' },
        recipient: found.find((m) => m.id === recipientId),
      };
    },
  };
}
