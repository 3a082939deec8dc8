import { z } from 'zod';

/**
 * A member's three balances as the session and every send name them (spec §3): points to
 * redeem, game plays, and a manager's team budget. Typed once here for the server's ledger
 * reads, the shared answer schemas and the web's session cache.
 */
export const memberBalancesSchema = z.object({
  /** Points the member may redeem or pay forward. */
  awardsPointsAvailable: z.number().int(),
  /** Game Board plays. */
  awardsPointsAvailable1: z.number().int(),
  /** A manager's team budget (0 for members who manage no one). */
  awardsPointsAvailableMng: z.number().int(),
});
export type MemberBalances = z.infer<typeof memberBalancesSchema>;
