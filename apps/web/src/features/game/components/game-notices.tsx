import type { Ref } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { describeError } from '../../../lib/api-error.ts';
import { RetryButton } from '../../../components/retry-button.tsx';

interface GameNoticesProps {
  poolEmpty: boolean;
  /** No plays left, and no prize on show. */
  noPlays: boolean;
  /** "1 play each time a colleague recognises you, …" */
  howEarned: string;
  /** Takes the focus when no cap is playable (tabIndex -1): the notice that says why. */
  noticeRef: Ref<HTMLDivElement>;
  /** The last flip's failure, if it failed. */
  playError: unknown;
  /** No answer or a 5xx: the flip may have been paid. */
  unconfirmed: boolean;
  failedCap: number | null;
  /** The board is on show from an earlier load, and reloading it failed. */
  reloadError: unknown;
  reloading: boolean;
  onReload: () => void;
}

/** What the Game Board has to say above its caps: a stale board, why no cap plays, a flip that failed. */
export function GameNotices(props: GameNoticesProps) {
  const { poolEmpty, noPlays, howEarned, noticeRef, playError, unconfirmed, failedCap } = props;
  return (
    <>
      {props.reloadError != null && (
        <Alert color="amber" variant="light" p="xs" title="The Game Board could not be refreshed">
          <Group gap="sm">
            <Text size="sm">{describeError(props.reloadError).body} What you see may be out of date.</Text>
            <RetryButton size="compact-sm" variant="white" loading={props.reloading} onRetry={props.onReload} />
          </Group>
        </Alert>
      )}
      {poolEmpty && (
        <Alert ref={noticeRef} tabIndex={-1} color="amber" variant="light" title="The prize pool is refilling">
          Your plays are kept. Come back soon to flip a cap.
        </Alert>
      )}
      {!poolEmpty && noPlays && (
        <Alert ref={noticeRef} tabIndex={-1} color="gray" variant="light" title="You have no plays left">
          You earn {howEarned}. Your plays show here and on the Home page.
        </Alert>
      )}
      {playError != null && (
        <Alert
          color="red"
          variant="light"
          title={unconfirmed ? 'We could not confirm that flip' : 'That flip did not go through'}
        >
          {unconfirmed && failedCap !== null
            ? `${describeError(playError).body} Flip cap ${failedCap} again to see its result: it will not use another play.`
            : describeError(playError).body}
        </Alert>
      )}
    </>
  );
}
