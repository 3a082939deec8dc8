import { ContentView } from './components/content-view.tsx';

/** /programmerules: shown in the menu and on the page as 'How it Works' (spec §2). */
export default function ProgrammeRulesPage() {
  return <ContentView contentKey="programmerules" title="How it Works" />;
}
