import { describe, expect, it } from 'vitest';
import { checkTeamBudget, overBudgetMessage } from './team-budget.ts';

describe('checkTeamBudget', () => {
  it('totals points × recipients against the team balance', () => {
    expect(checkTeamBudget(100, 3, 500)).toEqual({ total: 300, remaining: 200, over: false });
    expect(checkTeamBudget(250, 2, 500)).toEqual({ total: 500, remaining: 0, over: false });
    expect(checkTeamBudget(251, 2, 500)).toEqual({ total: 502, remaining: -2, over: true });
  });

  it('treats no points (or no recipients) as nothing from the budget', () => {
    expect(checkTeamBudget(undefined, 4, 0)).toEqual({ total: 0, remaining: 0, over: false });
    expect(checkTeamBudget(50, 0, 10)).toEqual({ total: 0, remaining: 10, over: false });
  });

  it('says how far over the budget a recognition is', () => {
    expect(overBudgetMessage(checkTeamBudget(600, 2, 1000), 1000, 'Kudos')).toBe(
      'That is 1 200 Kudos in total, more than your team recognition balance of 1 000.',
    );
  });
});
