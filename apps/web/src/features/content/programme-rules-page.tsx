import { Box } from '@mantine/core';
import { ContentView } from './components/content-view.tsx';
import { GameOddsSection } from './components/game-odds-section.tsx';

/** /programmerules: shown in the menu and on the page as 'How it Works' (spec §2), with the game's odds. */
export default function ProgrammeRulesPage() {
  return (
    <>
      <ContentView contentKey="programmerules" title="How it Works" />
      <Box maw={880}>
        <GameOddsSection />
      </Box>
    </>
  );
}
