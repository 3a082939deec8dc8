import type { AwardApproval } from '../../db/schema/awards.ts';

/** What the chain needs to know of the nominee: who their managers are. */
export interface ChainPeople {
  nominatorId: number;
  nomineeId: number;
  managerId: number | null;
  managersManagerId: number | null;
  /** The manager's manager's manager: where a step goes when the nominator would approve it. */
  thirdManagerId: number | null;
}

/**
 * Who approves a nomination, step by step (decision 0107): each step is the members any one of
 * whom may approve it. The nominee's manager, then that manager's manager, then the named
 * approvers when the award is above their threshold. Nobody approves their own nomination or an
 * award to themselves: a manager step that would be the nominator's goes one manager up, named
 * approvers who nominated are left out, and a step left with no one, or the same as the one
 * before, is dropped. An empty chain means no one can approve it.
 */
export function approvalChain(approval: AwardApproval, people: ChainPeople, points: number): number[][] {
  const steps: number[][] = [];
  const excluded = new Set([people.nominatorId, people.nomineeId]);
  const up = [people.managerId, people.managersManagerId, people.thirdManagerId];
  const managerAt = (level: number) => {
    for (let i = level; i < up.length; i++) {
      const id = up[i];
      if (id != null && !excluded.has(id)) return id;
    }
    return null;
  };
  if (approval.manager) {
    const first = managerAt(0);
    if (first !== null) steps.push([first]);
  }
  if (approval.managersManager) {
    // The manager's manager, or higher when the manager step already went up a level.
    const firstLevel = steps.length > 0 ? up.indexOf(steps[0]![0]!) + 1 : 1;
    const next = managerAt(Math.max(1, firstLevel));
    if (next !== null) steps.push([next]);
  }
  const named = approval.namedApproverIds.filter((id) => !excluded.has(id));
  if (named.length > 0 && (approval.namedAbovePoints === null || points > approval.namedAbovePoints)) {
    steps.push(named);
  }
  return steps.filter(
    (step, i) =>
      step.length > 0 && !(i > 0 && step.length === 1 && steps[i - 1]!.length === 1 && steps[i - 1]![0] === step[0]),
  );
}
