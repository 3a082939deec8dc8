import { describe, expect, it } from 'vitest';
import { approvalChain } from '../../src/modules/awards/approval-chain.ts';

const people = { nominatorId: 1, nomineeId: 2, managerId: 10, managersManagerId: 20, thirdManagerId: 30 };
const approval = { manager: true, managersManager: true, namedApproverIds: [40, 41], namedAbovePoints: 300 };

describe('approval chain', () => {
  it('is the manager, their manager, then named approvers above the threshold', () => {
    expect(approvalChain(approval, people, 500)).toEqual([[10], [20], [40, 41]]);
    expect(approvalChain(approval, people, 300)).toEqual([[10], [20]]);
    expect(approvalChain({ ...approval, namedAbovePoints: null }, people, 1)).toEqual([[10], [20], [40, 41]]);
  });

  it('never lets the nominator approve: their step goes one manager up', () => {
    expect(approvalChain(approval, { ...people, nominatorId: 10 }, 100)).toEqual([[20], [30]]);
    expect(approvalChain(approval, { ...people, nominatorId: 40 }, 500)).toEqual([[10], [20], [41]]);
  });

  it('drops steps with no one, and a step the same as the one before', () => {
    expect(
      approvalChain(approval, { ...people, managerId: null, managersManagerId: null, thirdManagerId: null }, 100),
    ).toEqual([]);
    expect(approvalChain({ ...approval, managersManager: false }, { ...people, managerId: null }, 100)).toEqual([[20]]);
    expect(
      approvalChain(
        { manager: false, managersManager: false, namedApproverIds: [2], namedAbovePoints: null },
        people,
        1,
      ),
    ).toEqual([]);
  });
});
