import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What a balance change makes stale: the one table the money mutations (use-money-mutation.ts)
 * and the live listener (live-balances.ts) read. A key here is a root: it marks every query
 * under it. The roots are the key factories' own (`sessionKeys.all`, `rewardsKeys.all`, …;
 * stale.test.ts holds them equal), written out because those modules use this one.
 */
export const ROOTS = {
  session: ['session'],
  rewards: ['rewards'],
  statements: ['statements'],
  myRecognition: ['myrecognition'],
  payItForward: ['payitforward'],
  orders: ['orders'],
  game: ['game'],
  rewardsAdmin: ['rewards-admin'],
  adminUploads: ['admin', 'uploads'],
  awards: ['awards'],
} as const satisfies Record<string, QueryKey>;

/**
 * What shows or judges by the member's balances besides the session: the basket and "only what
 * I can afford" (a prize won or points paid forward would leave CHECKOUT judging the old one).
 */
export const BALANCE_READERS: readonly QueryKey[] = [ROOTS.rewards];

/**
 * Where a change's new balances come from: `answer`, the member's own, in the server's answer
 * (written into the session; the balance readers go stale); `reload`, read again (the session
 * and the balance readers go stale); `none`, the member's own did not move (an administrator's
 * change to someone else's).
 */
type BalancesFrom = 'answer' | 'reload' | 'none';

interface MoneyChange {
  balances: BalancesFrom;
  /** What else the change makes stale. */
  stale: readonly QueryKey[];
  /** `settled`: reloaded after a refusal too, and the mutation settles once it is fresh. */
  when: 'answer' | 'settled';
}

/** Every change that moves points, plays or stock, and what it makes stale in the browser. */
export const MONEY_CHANGES = {
  /** A recognition, High Five or Pay It Forward: what the sender gave (and may still give today). */
  send: { balances: 'answer', stale: [ROOTS.myRecognition, ROOTS.statements, ROOTS.payItForward], when: 'answer' },
  /** A checkout, or a member's own cancellation refunded. */
  order: { balances: 'answer', stale: [ROOTS.orders, ROOTS.statements], when: 'answer' },
  /** A Game Board flip: the plays on the board and the statements (plays and points). */
  play: { balances: 'answer', stale: [ROOTS.game, ROOTS.statements], when: 'answer' },
  /** An administrator cancels a member's order: the queue (a refusal reloads it too). */
  fulfilment: { balances: 'none', stale: [ROOTS.rewardsAdmin], when: 'settled' },
  /** A points upload applied, reversed or discarded: the upload and the statements. */
  upload: { balances: 'none', stale: [ROOTS.adminUploads, ROOTS.statements], when: 'settled' },
  /** A nomination: its points held from a programme's budget (the nominator's own do not move). */
  nomination: { balances: 'answer', stale: [ROOTS.awards], when: 'answer' },
  /** An approver's decision or a withdrawal (a refusal reloads the queue too): paid or released. */
  awardDecision: { balances: 'none', stale: [ROOTS.awards, ROOTS.statements], when: 'settled' },
  /** A programme's budget funded by an administrator. */
  awardFunding: { balances: 'none', stale: [ROOTS.awards], when: 'answer' },
  /**
   * A live `notification` (or the stream back after a cut): someone recognised the member or
   * paid points forward. The event carries no figures, so the balances are read again, with the
   * plays, what is left to pay forward today and the statements.
   */
  notice: { balances: 'reload', stale: [ROOTS.game, ROOTS.payItForward, ROOTS.statements], when: 'answer' },
} as const satisfies Record<string, MoneyChange>;

export type MoneyChangeName = keyof typeof MONEY_CHANGES;

/** What the change makes stale beyond what `applyBalances` (balances.ts) does with an answer's. */
export function staleAfter(change: MoneyChangeName): readonly QueryKey[] {
  const { balances, stale } = MONEY_CHANGES[change] as MoneyChange;
  return balances === 'reload' ? [ROOTS.session, ...BALANCE_READERS, ...stale] : stale;
}

/** Marks stale what the change made stale; resolves once the active ones are read again. */
export function invalidateStale(queryClient: QueryClient, change: MoneyChangeName): Promise<unknown> {
  return Promise.all(staleAfter(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
