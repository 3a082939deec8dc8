import { useSession } from '../../api/session-context.tsx';
import { StatementView } from './components/statement-view.tsx';

/** /gameplaystatement — game plays earned and used, and what they won (South Africa; the guard checks). */
export default function GamePlayStatementPage() {
  const { profile } = useSession();
  return (
    <StatementView
      kind="plays"
      title="Game Play Statement"
      unit="plays"
      pointsName={profile?.pointsName || 'Kudos'}
      intro="Game plays you earned when colleagues recognised you, the plays you used on the Game Board and the prizes they won."
    />
  );
}
