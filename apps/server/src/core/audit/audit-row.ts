import { createHash } from 'node:crypto';

/**
 * An audit row's content and its hash (issue 43, decision 0113). The hash covers everything a
 * row says — when, who, what, to what, before and after, the ledger transaction, the trace id —
 * as canonical JSON (object keys sorted, at every depth), computed from the row as PostgreSQL
 * holds it: by the sealer once it committed, and again by the proof.
 */

/** Who did it. */
export type AuditActor =
  | { kind: 'member'; memberId: number }
  /** An integration token; a script's API call acts as the member who made the token. */
  | { kind: 'token'; tokenId: number; memberId?: number }
  | { kind: 'upload'; memberId: number; uploadId: number }
  | { kind: 'job'; name: string }
  | { kind: 'setup'; name: string }
  /** Someone not signed in (a failed sign-in): `label` says what they gave, masked. */
  | { kind: 'anonymous'; label?: string };

/** What was done, to what. Money actions name their ledger transaction and copy no amounts. */
export interface AuditEntry {
  /** area.verb, e.g. settings.update, roles.change, auth.sign_in. */
  action: string;
  target?: { kind: string; id: string | number };
  before?: unknown;
  after?: unknown;
  /** The ledger transaction; 'posted' for the first one the same database transaction posted. */
  ledgerTransactionId?: number | 'posted';
}

/** Who did it and the request it came with. */
export interface AuditContext {
  actor: AuditActor;
  traceId?: string | null;
}

/** The columns a row's hash covers, as stored. */
export interface AuditContent {
  at: string;
  actorKind: string;
  actorMemberId: number | null;
  actorTokenId: number | null;
  actorLabel: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ledgerTransactionId: number | null;
  traceId: string | null;
}

/** JSON with every object's keys sorted; undefined becomes null (as jsonb stores it). */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The SHA-256 of a row's content. */
export function rowHashOf(row: AuditContent): string {
  return sha256(
    canonicalJson([
      new Date(row.at).toISOString(),
      row.actorKind,
      row.actorMemberId,
      row.actorTokenId,
      row.actorLabel,
      row.action,
      row.targetKind,
      row.targetId,
      row.before ?? null,
      row.after ?? null,
      row.ledgerTransactionId,
      row.traceId,
    ]),
  );
}

/** The chain's next hash: the previous row's chain hash ('' before the first) and this row's hash. */
export const chainHashOf = (previous: string, rowHash: string) => sha256(`${previous}:${rowHash}`);

function actorColumns(actor: AuditActor) {
  switch (actor.kind) {
    case 'member':
      return { actorMemberId: actor.memberId, actorTokenId: null, actorLabel: null };
    case 'token':
      return { actorMemberId: actor.memberId ?? null, actorTokenId: actor.tokenId, actorLabel: null };
    case 'upload':
      return { actorMemberId: actor.memberId, actorTokenId: null, actorLabel: `upload ${actor.uploadId}` };
    case 'job':
    case 'setup':
      return { actorMemberId: null, actorTokenId: null, actorLabel: actor.name };
    case 'anonymous':
      return { actorMemberId: null, actorTokenId: null, actorLabel: actor.label ?? null };
  }
}

/** The row an entry becomes (the sealer adds its hash once it committed). */
export function auditRowOf(
  context: AuditContext,
  entry: AuditEntry & { ledgerTransactionId?: number },
  at = new Date(),
) {
  return {
    at: at.toISOString(),
    actorKind: context.actor.kind,
    ...actorColumns(context.actor),
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ledgerTransactionId: entry.ledgerTransactionId ?? null,
    traceId: context.traceId ?? null,
  } satisfies AuditContent;
}

/** An e-mail address as a log may show it: its first letter and its domain (j…@firm.test). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email[0]}…${email.slice(at)}`;
}
