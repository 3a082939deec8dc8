import { sql } from 'drizzle-orm';
import type { IntegrationScope } from '@ovation/shared/schemas/integrations';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { LiveSession } from '../sessions/session.repository.ts';

/** Integration tokens begin so: the auth plugin tells them from session tokens without a lookup. */
export const INTEGRATION_TOKEN_PREFIX = 'ovn_';

/** A live integration token (issue 42, decision 0110) and the member its API calls act as. */
export interface LiveIntegrationToken {
  tokenId: number;
  name: string;
  scopes: IntegrationScope[];
  lastUsedAt: Date | null;
  /** The administrator who made it, as capabilities need them; their calls are refused once they leave. */
  member: Pick<LiveSession, 'roles' | 'isManager' | 'isAdminReports' | 'country' | 'unit' | 'cellNum' | 'email'> & {
    id: number;
    active: boolean;
  };
}

/** The token behind a hash, if it is neither revoked nor past its last day. */
export async function findLiveIntegrationToken(db: Db, tokenHash: string): Promise<LiveIntegrationToken | undefined> {
  const [row] = await queryRows<
    Omit<LiveIntegrationToken, 'member' | 'lastUsedAt'> & {
      lastUsedAt: string | Date | null;
      member: LiveIntegrationToken['member'];
    }
  >(
    db,
    sql`select t.id as "tokenId", t.name, t.scopes, t.last_used_at as "lastUsedAt",
          json_build_object('id', m.id, 'active', m.active, 'roles', m.roles, 'isManager', m.is_manager,
            'isAdminReports', m.is_admin_reports, 'country', m.country, 'unit', m.unit,
            'cellNum', m.cell_num, 'email', m.email) as member
        from integration_tokens t join members m on m.id = t.created_by
        where t.token_hash = ${tokenHash} and t.revoked_at is null
          and (t.expires_at is null or t.expires_at > now())`,
  );
  if (!row) return undefined;
  return { ...row, lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt) };
}

/** Records a token's use (the auth plugin calls it at most once a minute per token). */
export async function touchIntegrationToken(db: Db, tokenId: number, at: Date) {
  await db.execute(sql`update integration_tokens set last_used_at = greatest(last_used_at, ${at.toISOString()}::timestamptz)
                       where id = ${tokenId}`);
}
