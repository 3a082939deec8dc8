import { StatementView } from './components/statement-view.tsx';

/** /gameplaystatement — game plays earned and used (South Africa; the guard checks). */
export default function GamePlayStatementPage() {
  return (
    <StatementView
      kind="plays"
      title="Game Play Statement"
      unit="plays"
      intro="Game plays you earned by recognising colleagues, and the plays you used on the Game Board."
    />
  );
}
