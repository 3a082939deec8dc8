import { Anchor, Box, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { howPlaysAreEarned, useGameBoard } from '../../../api/game.ts';
import { PrizeOddsTable } from '../../../components/prize-odds-table.tsx';
import { useSession } from '../../../api/session-context.tsx';
import { RetryButton } from '../../../components/retry-button.tsx';

/**
 * How it Works: the Game Board's prizes and odds, from the same programme settings the draw
 * uses (South Africa, where the game is played; hidden elsewhere).
 */
export function GameOddsSection() {
  const { capabilities, profile } = useSession();
  const board = useGameBoard({ enabled: capabilities.playGame });
  if (!capabilities.playGame) return null;
  const pointsName = profile?.pointsName || 'Kudos';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="lg" component="section" aria-labelledby="game-odds">
      <Stack gap="sm">
        <Title order={2} size="h3" id="game-odds">
          The Game Board
        </Title>
        {board.isPending ? (
          <Box role="status">
            <Skeleton height={160} />
            <VisuallyHidden>Loading the prize table</VisuallyHidden>
          </Box>
        ) : !board.data ? (
          // Failed with nothing to show (a failed reload keeps the table it has).
          <Group gap="sm">
            <Text>The prize table could not be loaded.</Text>
            <RetryButton
              size="compact-sm"
              variant="light"
              loading={board.isFetching}
              onRetry={() => void board.refetch()}
            />
          </Group>
        ) : (
          <>
            <Text>
              You earn {howPlaysAreEarned(board.data)}. Each play flips one cap on the{' '}
              <Anchor component={Link} to="/flipcapgame" underline="always">
                Game Board
              </Anchor>{' '}
              and wins one of these prizes, drawn on our server with a cryptographic random source and recorded for
              audit:
            </Text>
            <PrizeOddsTable
              prizes={board.data.prizes}
              pointsName={pointsName}
              caption="Prizes and the chance of each per play."
            />
            <Text size="sm" c="gray.7">
              Prizes are paid from the programme’s prize pool. A prize the pool cannot pay sits out the draw until the
              pool is refilled; when it can pay none, your plays are kept until it is.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
