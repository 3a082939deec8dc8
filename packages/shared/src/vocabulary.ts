/**
 * The product's vocabularies, typed once for the server, the web app and the database checks.
 * Add a value here first; TypeScript then shows every place that must handle it.
 */

/** What a Kudos Thread item is. */
export const KUDOS_KINDS = ['recognition', 'high5', 'payitforward', 'award'] as const;
export type KudosKind = (typeof KUDOS_KINDS)[number];

/** How each kind is named to members (My Recognition, statements, e-mails). */
export const KUDOS_KIND_LABELS: Record<KudosKind, string> = {
  recognition: 'Recognition',
  high5: 'High Five',
  payitforward: 'Pay It Forward',
  award: 'Award',
};

/** Spec §3: a Kudos item's label (`f3`) is 'High Five' when it has no behaviour. */
export const HIGH_FIVE_LABEL = KUDOS_KIND_LABELS.high5;

/** Spec §4: the three reactions and their numbers on the wire (`reactNum`). */
export const REACTIONS = { like: 1, cheer: 2, support: 3 } as const;
export type ReactionName = keyof typeof REACTIONS;
export type ReactionNum = (typeof REACTIONS)[ReactionName];
export const REACTION_LABELS: Record<ReactionName, string> = { like: 'Like', cheer: 'Cheer', support: 'Support' };
/** What a reaction did, in a sentence: "Ann cheered your kudos" (the bell, the reaction e-mail). */
export const REACTION_VERBS: Record<ReactionName, string> = { like: 'liked', cheer: 'cheered', support: 'supported' };
const REACTION_BY_NUM = Object.fromEntries(Object.entries(REACTIONS).map(([name, num]) => [num, name])) as Record<
  ReactionNum,
  ReactionName
>;
/** The verb of a reaction by its number on the wire; 'reacted to' for a number that is none. */
export const reactionVerb = (reactNum: number | null | undefined): string => {
  const name = REACTION_BY_NUM[reactNum as ReactionNum];
  return name ? REACTION_VERBS[name] : 'reacted to';
};

/** What a ledger transaction records (statement lines describe each one). */
export const LEDGER_TRANSACTION_KINDS = [
  /** Points created for members (seed, uploads) from the issuance account. */
  'issuance',
  /** Game plays granted outside a recognition. */
  'plays_grant',
  /** A manager's team budget topped up. */
  'team_budget_allocation',
  /** A manager's points on a recognition, from the team budget. */
  'recognition',
  /** Game plays a recognition earns its recipients. */
  'plays_earned',
  /** Points a member shares with a colleague. */
  'payitforward',
  /** The Game Board's prize pool topped up from issuance (issue 10). */
  'game_pool_funding',
  /** One game play used: the member's plays back to plays_issuance. */
  'game_play',
  /** A Game Board prize: the pool to the member's points. */
  'game_prize',
  /** One row of an applied points upload, from the issuance account (memo: the row's reason). */
  'upload',
  /** The compensating transaction for one row of a reversed points upload, back to issuance. */
  'upload_reversal',
  /** A rewards order paid: the member's points into the redemptions account. */
  'redemption',
  /** A cancelled rewards order refunded: the reversing transaction of its redemption. */
  'redemption_refund',
  /** An award programme's budget funded from issuance (issue 41). */
  'award_funding',
  /** A nomination's points held: the programme's budget to what it holds (or more, a level raised). */
  'award_hold',
  /** Held points given back to the budget: a nomination declined, withdrawn or lowered. */
  'award_release',
  /** An approved award paid: what the programme held to the nominee's points. */
  'award_payment',
  /** A service milestone's points, from the issuance account (issue 41, decision 0108). */
  'service_award',
  /** A leaver's points back to the firm (issuance), when they leave or when their keeping days end (decision 0111). */
  'leaver_forfeit',
  /** A leaver's points to the payouts account, for payroll to pay (decision 0111). */
  'leaver_payout',
  /** A leaver's team budget to their manager's (or back to issuance when they have none). */
  'team_budget_transfer',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];
