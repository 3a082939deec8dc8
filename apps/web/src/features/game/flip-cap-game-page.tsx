import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPoints } from '@ovation/shared/format/money';
import { howPlaysAreEarned, useGameBoard, usePlayGame } from '../../api/game.ts';
import { FigureGrid } from '../../components/figure-grid.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { PrizeOddsTable } from '../../components/prize-odds-table.tsx';
import { isSettledRefusal } from '../../lib/idempotency.ts';
import { useSession } from '../../api/session-context.tsx';
import { GameBoard, type RevealedCap } from './components/game-board.tsx';
import { GameNotices } from './components/game-notices.tsx';
import { useBoardFocus } from './use-board-focus.ts';
import { LoadFailed } from '../../components/load-failed.tsx';

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
  const { boardRef, noticeRef, headingRef, focusNext } = useBoardFocus({
    busy: revealed !== null || pendingCap !== null,
    reloading: board.isFetching,
  });

  // The flipped cap is disabled once it shows its prize: keep keyboard focus on the way on.
  useEffect(() => {
    if (revealed) againRef.current?.focus();
  }, [revealed]);

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
  // Only when there is no board to show: a failed reload keeps the board, its prize on show and
  // a failed flip's guidance, with a notice above them (GameNotices).
  if (!board.data) {
    return (
      <>
        <PageTitle title="Game Board" />
        <LoadFailed
          title="The Game Board could not be loaded"
          error={board.error}
          onRetry={() => void board.refetch()}
          maw={720}
        />
      </>
    );
  }

  const { caps, prizes, poolEmpty, playsAvailable } = board.data;
  const canPlay = playsAvailable > 0 && !poolEmpty;

  const flip = (cap: number) => {
    focusNext(null);
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
          // The alert below says it (role alert); the status line would say it twice. usePlayGame
          // reloads the board (and, when the outcome is unknown, the balances).
          setAnnouncement('');
          setFailedCap(cap);
          focusNext(cap);
        },
        onSettled: () => setPendingCap(null),
      },
    );
  };

  const reset = () => {
    focusNext('first');
    setRevealed(null);
    setAnnouncement('');
    play.reset();
  };
  // No answer, or a server error: the flip may have been paid. Flipping the same cap again asks
  // with the same Idempotency-Key, so it shows that flip's result without using another play —
  // even once the reloaded board shows no plays left or the pool refilling (that flip may be why):
  // its cap stays playable.
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
        <GameNotices
          poolEmpty={poolEmpty}
          noPlays={playsAvailable === 0 && !revealed}
          howEarned={howPlaysAreEarned(board.data)}
          noticeRef={noticeRef}
          playError={play.isError ? play.error : null}
          unconfirmed={unconfirmed}
          failedCap={failedCap}
          reloadError={board.isError ? board.error : null}
          reloading={board.isFetching}
          onReload={() => void board.refetch()}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
                Choose a cap
              </Title>
              <div ref={boardRef}>
                <GameBoard
                  caps={caps}
                  disabled={!canPlay || play.isPending || revealed !== null}
                  retryCap={unconfirmed ? failedCap : null}
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
                  {canPlay ? 'Play again' : 'Reset the board'}
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
