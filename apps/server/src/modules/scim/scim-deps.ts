import type { FastifyBaseLogger } from 'fastify';
import type { MemberChange } from '../../core/member-changes/member-change.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import type { Db } from '../../db/db.ts';
import type { Batcher } from '../../lib/batcher.ts';
import type { ScimMemberRow, ScimUserInput, toScimUser } from './scim-user.ts';

/** What the SCIM service's writes need, and the shapes they pass between them (issue 42). */

export interface ScimDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The send runner's: a leaver's leaving moves points (decision 0111). */
  sends: SendDeps;
  baseUrl: string;
  /** Forgets the members' cached sessions on this instance (the others hear it at commit). */
  forgetSessions: (memberIds: number[]) => void;
  /** This instance's writes of Users, batched (`scimWriter`). */
  writes: Batcher<ScimWrite, Provisioned>;
}

export interface ScimCall {
  tokenId: number;
  method: string;
  path: string;
  /** The request's id, for the audit trail. */
  traceId?: string;
}

export interface Provisioned {
  status: number;
  user: ReturnType<typeof toScimUser>;
}

/**
 * A checked change for a new user (`current` undefined) or for the user `current`, as read before
 * the batch. `inputFor` gives the User the call asks for from the user as they are: a batch reads
 * them again under its lock and, if another call changed them meanwhile, checks it again (a
 * patch applies to the user as they are, never as they were).
 */
export interface ScimWrite {
  call: ScimCall;
  change: MemberChange;
  current: ScimMemberRow | undefined;
  inputFor?: (current: ScimMemberRow) => ScimUserInput;
}
