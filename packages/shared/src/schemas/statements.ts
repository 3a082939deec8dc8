import { z } from 'zod';
import { isoDateText } from '../iso-date.ts';
import { KUDOS_KINDS, type KudosKind } from '../vocabulary.ts';

/** Statements (issue 4): personal points, game plays and a manager's team budget. */
export const statementQuerySchema = z.object({ from: isoDateText.optional(), to: isoDateText.optional() });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementLineSchema = z.object({
  /** The ledger entry: one line each (a recognition of several colleagues is one transaction of several entries). */
  entryId: z.number().int(),
  transactionId: z.number().int(),
  /** ISO date-time (UTC); shown and exported as its UTC day, the day the period filter counts it in. */
  date: z.string(),
  description: z.string(),
  /** The other member involved, if any (e.g. who recognised you, whom you paid forward). */
  counterparty: z.string(),
  /** Positive credits the account, negative debits it (integer points). */
  amount: z.number().int(),
  /** Running balance after this line. */
  balance: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** The Game Board over the period (the plays statement only, issue 10). */
export const gameStatementTotalsSchema = z.object({
  playsEarned: z.number().int(),
  playsUsed: z.number().int(),
  /** Plays that won something, and the points they won (paid from the prize pool). */
  prizesWon: z.number().int(),
  pointsWon: z.number().int(),
});
export type GameStatementTotals = z.infer<typeof gameStatementTotalsSchema>;

export const statementResponseSchema = z.object({
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  lines: z.array(statementLineSchema),
  /** Only on the plays statement. */
  game: gameStatementTotalsSchema.optional(),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

/** Routes: GET /api/statements/{points|plays|team-budget}[/csv]?from&to. */
export const STATEMENT_KINDS = ['points', 'plays', 'team-budget'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const recognitionSummaryItemSchema = z.object({
  messageLogId: z.number().int(),
  kind: z.enum(KUDOS_KINDS),
  /** Behaviour name, 'High Five', 'Pay It Forward', or an award's programme and level. */
  label: z.string(),
  otherMemberName: z.string(),
  message: z.string(),
  points: z.number().int(),
  createdAt: z.string(),
});
const kindTotals = z.object({
  recognition: z.number().int(),
  high5: z.number().int(),
  payitforward: z.number().int(),
  award: z.number().int(),
} satisfies Record<KudosKind, z.ZodNumber>);
export const myRecognitionResponseSchema = z.object({
  received: z.array(recognitionSummaryItemSchema),
  given: z.array(recognitionSummaryItemSchema),
  totals: z.object({
    received: kindTotals,
    given: kindTotals,
    pointsReceived: z.number().int(),
    pointsGiven: z.number().int(),
  }),
});
export type MyRecognitionResponse = z.infer<typeof myRecognitionResponseSchema>;

/** GET /api/statements/team-budget/missed: a manager's team members no one has recognised lately. */
export const missedTeamResponseSchema = z.object({
  days: z.number().int(),
  members: z.array(
    z.object({
      memberId: z.number().int(),
      name: z.string(),
      division: z.string().nullable(),
      lastRecognisedAt: z.string().nullable(),
    }),
  ),
});
export type MissedTeamResponse = z.infer<typeof missedTeamResponseSchema>;
