import type { LedgerTransactionKind } from '@ovation/shared/vocabulary';

/** What a statement line says for a ledger transaction kind, seen from one account. */
export function describeEntry(kind: LedgerTransactionKind, amount: number, memo: string, counterparty: string): string {
  const withMemo = (text: string) => (memo ? `${text} — ${memo}` : text);
  switch (kind) {
    case 'recognition':
      return withMemo(amount > 0 ? `Recognised by ${counterparty}` : `Recognised ${counterparty}`);
    case 'payitforward':
      return amount < 0 ? `Paid forward to ${counterparty}` : `Paid forward by ${counterparty}`;
    case 'plays_earned':
      return 'Game plays earned';
    case 'plays_grant':
      return memo || 'Game plays granted';
    case 'game_play':
      return withMemo('Game Board play');
    case 'game_prize':
      return withMemo('Game Board prize');
    case 'game_pool_funding':
      return memo || 'Game Board prize pool';
    case 'team_budget_allocation':
      return 'Team budget allocation';
    case 'issuance':
      return memo || 'Points issued';
    case 'upload':
      return memo ? `Points awarded — ${memo}` : 'Points awarded';
    case 'upload_reversal':
      return memo ? `Points award reversed — ${memo}` : 'Points award reversed';
    case 'redemption':
      return memo || 'Rewards redeemed';
    case 'redemption_refund':
      return memo || 'Rewards order refunded';
    case 'award_payment':
      return memo ? `Award — ${memo}` : 'Award';
    case 'service_award':
      return memo || 'Service award';
    case 'award_funding':
      return memo || 'Award programme funded';
    case 'award_hold':
      return memo || 'Award nomination held';
    case 'award_release':
      return memo || 'Award nomination released';
    case 'leaver_forfeit':
      return memo || 'Points returned to the firm on leaving';
    case 'leaver_payout':
      return memo || 'Points paid out on leaving';
    case 'team_budget_transfer':
      return withMemo(amount > 0 ? `Team budget from ${counterparty}` : `Team budget to ${counterparty}`);
  }
}
