/**
 * What this tab's last session said about the one page whose reads start before the session
 * answers and which some members may not open: Redeem Rewards (decision 0046). Kept beside the
 * token in session storage and cleared with it, so a reload of /redeemrewards by a member outside
 * South Africa sends no early reads the server would refuse (403). No hint yet: the reads go, as
 * before (decision 0105).
 */
const CAN_REDEEM_KEY = 'canRedeem';

export function rememberRouteHints(capabilities: { redeemRewards?: boolean }): void {
  sessionStorage.setItem(CAN_REDEEM_KEY, capabilities.redeemRewards ? '1' : '0');
}

/** False only when this tab's last session said the member cannot redeem rewards. */
export function mayRedeemRewards(): boolean {
  return sessionStorage.getItem(CAN_REDEEM_KEY) !== '0';
}

export function forgetRouteHints(): void {
  sessionStorage.removeItem(CAN_REDEEM_KEY);
}
