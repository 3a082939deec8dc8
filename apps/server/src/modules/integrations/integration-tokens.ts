import type { AuditContext } from '../../core/audit/audit-row.ts';
import { saveSetting } from '../../core/settings/save-setting.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import { sql } from 'drizzle-orm';
import {
  leaversSettingsSchema,
  type CreateIntegrationTokenRequest,
  type IntegrationToken,
  type IssuedIntegrationToken,
  type LeaversSettings,
} from '@ovation/shared/schemas/integrations';
import type { Db } from '../../db/db.ts';
import { readSettings } from '../../core/settings/settings.repository.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { INTEGRATION_TOKEN_PREFIX } from '../../core/integrations/integration-tokens.repository.ts';
import { conflict, notFound } from '../../lib/app-errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/**
 * Integration tokens on the Integrations screen (issue 42, decision 0110): made, listed, rotated
 * and revoked by report administrators. The secret is answered once and only its hash is kept.
 */

type Row = Omit<IntegrationToken, 'status'> & { expired: boolean };

const SELECT = sql`select t.id, t.name, t.scopes, t.prefix, m.first_name || ' ' || m.surname as "createdByName",
    to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    to_char(t.last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUsedAt",
    to_char((t.expires_at at time zone 'UTC') - interval '1 day', 'YYYY-MM-DD') as "expiresOn",
    to_char(t.revoked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "revokedAt",
    t.expires_at is not null and t.expires_at <= now() as expired
  from integration_tokens t join members m on m.id = t.created_by`;

const present = ({ expired, ...row }: Row): IntegrationToken => ({
  ...row,
  status: row.revokedAt ? 'revoked' : expired ? 'expired' : 'active',
});

export async function listIntegrationTokens(db: Db): Promise<{ tokens: IntegrationToken[] }> {
  const rows = await queryRows<Row>(db, sql`${SELECT} order by t.revoked_at is not null, t.created_at desc, t.id desc`);
  return { tokens: rows.map(present) };
}

async function readToken(db: Db, id: number) {
  const [row] = await queryRows<Row>(db, sql`${SELECT} where t.id = ${id}`);
  return row ? present(row) : undefined;
}

async function insertToken(
  tx: Db,
  actorId: number,
  input: { name: string; scopes: string[]; expiresOn: string | null },
  rotatedFrom: number | null,
): Promise<IssuedIntegrationToken> {
  const secret = `${INTEGRATION_TOKEN_PREFIX}${newToken()}`;
  // The token works through its last day (UTC): it expires at the start of the next.
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into integration_tokens (name, scopes, token_hash, prefix, created_by, expires_at, rotated_from)
        values (${input.name}, ${`{${input.scopes.join(',')}}`}::text[], ${hashToken(secret)}, ${secret.slice(0, 10)},
                ${actorId}, ${input.expiresOn}::date + 1, ${rotatedFrom})
        returning id`,
  );
  return { token: (await readToken(tx, row!.id))!, secret };
}

/** What the audit trail keeps of a token: never its secret nor its hash. */
const audited = (t: IntegrationToken) => ({ name: t.name, scopes: t.scopes, prefix: t.prefix, expiresOn: t.expiresOn });

export function createIntegrationToken(
  db: Db,
  actorId: number,
  context: AuditContext,
  input: CreateIntegrationTokenRequest & { expiresOn: string | null },
) {
  return db.transaction(async (tx) => {
    const issued = await insertToken(tx, actorId, { ...input, scopes: input.scopes }, null);
    await audit(tx, context, {
      action: 'integrations.token_create',
      target: { kind: 'integration_token', id: issued.token.id },
      after: audited(issued.token),
    });
    return issued;
  });
}

async function lockLive(tx: Db, id: number) {
  const [row] = await queryRows<{ name: string; scopes: string[]; expiresOn: string | null; revoked: boolean }>(
    tx,
    sql`select name, scopes, to_char(expires_at - interval '1 day', 'YYYY-MM-DD') as "expiresOn",
          revoked_at is not null as revoked
        from integration_tokens where id = ${id} for update`,
  );
  if (!row) throw notFound('No such token.');
  if (row.revoked) throw conflict('This token was already revoked.');
  return row;
}

/** A new secret with the same name, scopes and expiry; the old one stops working in the same transaction. */
export function rotateIntegrationToken(db: Db, actorId: number, context: AuditContext, id: number) {
  return db.transaction(async (tx) => {
    const old = await lockLive(tx, id);
    await tx.execute(sql`update integration_tokens set revoked_at = now() where id = ${id}`);
    const issued = await insertToken(tx, actorId, old, id);
    await audit(tx, context, {
      action: 'integrations.token_rotate',
      target: { kind: 'integration_token', id },
      before: { name: old.name, scopes: old.scopes, expiresOn: old.expiresOn },
      after: { ...audited(issued.token), id: issued.token.id },
    });
    return issued;
  });
}

export function revokeIntegrationToken(db: Db, context: AuditContext, id: number): Promise<IntegrationToken> {
  return db.transaction(async (tx) => {
    const old = await lockLive(tx, id);
    await tx.execute(sql`update integration_tokens set revoked_at = now() where id = ${id}`);
    await audit(tx, context, {
      action: 'integrations.token_revoke',
      target: { kind: 'integration_token', id },
      before: { name: old.name, scopes: old.scopes, expiresOn: old.expiresOn },
    });
    return (await readToken(tx, id))!;
  });
}

/** The `leavers` setting as stored (or its default). */
export async function leaversSetting(db: Db): Promise<LeaversSettings> {
  return leaversSettingsSchema.parse((await readSettings(db, ['leavers'])).leavers);
}

/** Saves what happens to leavers' points from now on (points already forfeited stay so). */
export const saveLeaversSetting = (db: Db, context: AuditContext, value: LeaversSettings) =>
  saveSetting(db, context, 'leavers', value);
