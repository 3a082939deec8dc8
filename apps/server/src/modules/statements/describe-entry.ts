/** What a statement line says for a ledger transaction kind, seen from one account. */
export function describeEntry(kind: string, amount: number, memo: string, counterparty: string): string {
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
    case 'team_budget_allocation':
      return 'Team budget allocation';
    case 'issuance':
      return memo || 'Points issued';
    default:
      return memo || kind;
  }
}
