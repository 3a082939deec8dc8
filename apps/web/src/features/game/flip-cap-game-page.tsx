import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPoints } from '@ovation/shared/format/money';
import { howPlaysAreEarned, useGameBoard, usePlayGame } from '../../api/game.ts';
import { FigureGrid } from '../../components/figure-grid.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { PrizeOddsTable } from '../../components/prize-odds-table.tsx';
import { describeError } from '../../lib/api-error.ts';
import { isSettledRefusal } from '../../lib/idempotency.ts';
import { useSession } from '../../lib/session.tsx';
import { GameBoard, type RevealedCap } from './components/game-board.tsx';

/**
 * /flipcapgame — the Game Board (South Africa; the route guard checks). The member flips a cap;
 * the server draws the prize and answers the new balances, which update here and on Home at once.
 */
export default function FlipCapGamePage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'Kudos';
  const board = useGameBoard();
  const play = usePlayGame();
  const [revealed, setRevealed] = useState<RevealedCap | null>(null);
  const [pendingCap, setPendingCap] = useState<number | null>(null);
  /** The cap of the last flip that failed: focus returns to it, and a retry of it keeps its key. */
  const [failedCap, setFailedCap] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const againRef = useRef<HTMLButtonElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  /** Where the focus goes once the caps are enabled again ('first' after Play again). */
  const focusNext = useRef<number | 'first' | null>(null);

  // The flipped cap is disabled once it shows its prize: keep keyboard focus on the way on.
  useEffect(() => {
    if (revealed) againRef.current?.focus();
  }, [revealed]);
  // Play again removes its own button, and a failed flip re-enables the caps: the focus goes to a cap.
  useEffect(() => {
    const target = focusNext.current;
    if (target === null || revealed || pendingCap !== null) return;
    const caps = [...(boardRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const cap = target === 'first' ? caps[0] : caps.find((b) => b.getAttribute('aria-label') === `Cap ${target}`);
    if (cap) {
      focusNext.current = null;
      cap.focus();
    }
  });

  if (board.isPending) {
    return (
      <>
        <PageTitle title="Game Board" />
        <Center mih={240}>
          <Loader aria-label="Loading the Game Board" />
        </Center>
      </>
    );
  }
  if (board.isError) {
    return (
      <>
        <PageTitle title="Game Board" />
        <Alert color="red" variant="light" title="The Game Board could not be loaded" maw={720}>
          <Stack gap="sm" align="flex-start">
            {describeError(board.error).body}
            <Button size="xs" variant="white" onClick={() => void board.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }

  const { caps, prizes, poolEmpty, playsAvailable } = board.data;
  const canPlay = playsAvailable > 0 && !poolEmpty;

  const flip = (cap: number) => {
    setPendingCap(cap);
    setFailedCap(null);
    setAnnouncement(`Flipping cap ${cap}…`);
    play.mutate(
      { cap },
      {
        onSuccess: (answer) => {
          setRevealed({ cap, prize: answer.prize });
          setAnnouncement(
            answer.prize.points > 0
              ? `Cap ${cap}: you won ${answer.prize.label}!`
              : `Cap ${cap}: ${answer.prize.label}.`,
          );
        },
        onError: () => {
          // The alert below says it (role alert); the status line would say it twice.
          setAnnouncement('');
          setFailedCap(cap);
          focusNext.current = cap;
          void board.refetch();
        },
        onSettled: () => setPendingCap(null),
      },
    );
  };

  const reset = () => {
    focusNext.current = 'first';
    setRevealed(null);
    setAnnouncement('');
    play.reset();
  };
  // No answer, or a server error: the flip may have been paid. Flipping the same cap again asks
  // with the same Idempotency-Key, so it shows that flip's result without using another play.
  const unconfirmed = play.isError && !isSettledRefusal(play.error);

  return (
    <>
      <PageTitle title="Game Board" />
      <Stack gap="lg" maw={1040}>
        <Text c="gray.7">
          Pick a cap and flip it: each flip uses one play and shows your prize, drawn on our server. You earn{' '}
          {howPlaysAreEarned(board.data)}.
        </Text>
        <FigureGrid
          figures={[
            { label: 'Plays available', value: formatPoints(playsAvailable) },
            { label: 'Your balance', value: formatPoints(profile?.awardsPointsAvailable ?? 0), unit: pointsName },
          ]}
        />
        {poolEmpty && (
          <Alert color="amber" variant="light" title="The prize pool is refilling">
            Your plays are kept. Come back soon to flip a cap.
          </Alert>
        )}
        {!poolEmpty && playsAvailable === 0 && !revealed && (
          <Alert color="gray" variant="light" title="You have no plays left">
            You earn {howPlaysAreEarned(board.data)}. Your plays show here and on the Home page.
          </Alert>
        )}
        {play.isError && (
          <Alert
            color="red"
            variant="light"
            title={unconfirmed ? 'We could not confirm that flip' : 'That flip did not go through'}
          >
            {unconfirmed && failedCap !== null
              ? `${describeError(play.error).body} Flip cap ${failedCap} again to see its result: it will not use another play.`
              : describeError(play.error).body}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={2} size="h4">
                Choose a cap
              </Title>
              <div ref={boardRef}>
                <GameBoard
                  caps={caps}
                  disabled={!canPlay || play.isPending || revealed !== null}
                  pendingCap={pendingCap}
                  revealed={revealed}
                  onFlip={flip}
                />
              </div>
              <Text role="status" aria-live="polite" fw={600} size="lg" mih={28} data-testid="game-announcement">
                {announcement}
              </Text>
              {revealed && (
                <Button ref={againRef} onClick={reset} variant="filled" w="fit-content">
                  {playsAvailable > 0 ? 'Play again' : 'Reset the board'}
                </Button>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                Prizes and odds
              </Title>
              <PrizeOddsTable prizes={prizes} pointsName={pointsName} caption="Every flip draws one of these prizes." />
              <Text size="sm" c="gray.7">
                Each draw is made on our server with a cryptographic random source, whichever cap you pick, and is
                recorded for audit. Prizes are paid from the prize pool; a prize the pool cannot pay sits out the draw
                until the pool is refilled.
              </Text>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </>
  );
}
