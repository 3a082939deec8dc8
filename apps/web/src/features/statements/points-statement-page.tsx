import { useSession } from '../../api/session-context.tsx';
import { StatementView } from './components/statement-view.tsx';

/** /statement — personal points with running balance (South Africa; the guard checks). */
export default function PointsStatementPage() {
  const pointsName = useSession().profile?.pointsName || 'points';
  return (
    <StatementView
      kind="points"
      title="Statement"
      unit={pointsName}
      intro={`Your ${pointsName}: what you received, shared and spent, with the balance after each movement.`}
    />
  );
}
