import type { FastifyBaseLogger } from 'fastify';
import type { Capabilities } from '@ovation/shared/capabilities';
import type { SendResponse } from '@ovation/shared/schemas/recognition';
import type { Db } from '../../db/client.ts';
import type { SendRateLimiter } from './send-limits.ts';

/** What every send use case needs. */
export interface SendDeps {
  db: Db;
  log: FastifyBaseLogger;
  limiter: SendRateLimiter;
  /** Called after the transaction commits, with the new Kudos Thread item ids (live updates). */
  onKudosCreated: (ids: number[]) => void;
  /** Stores the answer for the Idempotency-Key as the transaction's last statement. */
  record?: (tx: Db, body: SendResponse) => Promise<void>;
}

export interface Sender {
  memberId: number;
  capabilities: Capabilities;
}
