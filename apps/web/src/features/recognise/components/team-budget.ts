import { formatPoints } from '@ovation/shared/format/money';

export interface TeamBudgetCheck {
  /** Points that leave the team budget: points each × recipients. */
  total: number;
  /** What the budget would hold afterwards (negative when over). */
  remaining: number;
  over: boolean;
}

/** A manager's recognition with points: each recipient gets the same amount from the budget. */
export function checkTeamBudget(pointsEach: unknown, recipients: number, balance: number): TeamBudgetCheck {
  const each = isWholePoints(pointsEach) ? pointsEach : 0;
  const total = each * recipients;
  return { total, remaining: balance - total, over: total > balance };
}

export function overBudgetMessage(check: TeamBudgetCheck, balance: number, pointsName: string): string {
  return `That is ${formatPoints(check.total)} ${pointsName} in total, more than your team recognition balance of ${formatPoints(balance)}.`;
}

/** A whole, positive number of points: what the field may hold to be sent (anything else is refused as typed). */
export const isWholePoints = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
