import { useSession } from '../../api/session-context.tsx';
import { MissedTeam } from './components/missed-team.tsx';
import { StatementView } from './components/statement-view.tsx';

/** /managementstatement — a manager's team budget: allocations and what went to whom. */
export default function ManagementStatementPage() {
  const pointsName = useSession().profile?.pointsName || 'points';
  return (
    <StatementView
      kind="team-budget"
      title="Management Statement"
      unit={pointsName}
      intro="Your team recognition budget: allocations received and the points you gave to each team member."
      before={<MissedTeam />}
    />
  );
}
