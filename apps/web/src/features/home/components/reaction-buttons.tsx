import { Group, Tooltip, UnstyledButton } from '@mantine/core';
import type { KudosItem } from '@ovation/shared/schemas/feed';
import { CheerIcon, SupportIcon, ThumbIcon } from '../../../components/social/icons.tsx';
import { useReactToKudos } from '../api/react-to-kudos.ts';
import { REACTION_KINDS, reactorNames, reactorsText, type ReactionKind } from '../api/reactions.ts';
import classes from './kudos.module.css';

const ICONS = { 1: ThumbIcon, 2: CheerIcon, 3: SupportIcon } as const;

/** Like / Cheer / Support (spec §4): a click on an active reaction withdraws it. */
export function ReactionButtons({ item }: { item: KudosItem }) {
  const react = useReactToKudos(item.messageLogId);
  const button = (kind: ReactionKind) => {
    const active = item[kind.flag] === true;
    const count = Number(item[kind.count]) || 0;
    const who = reactorsText(kind.verb, reactorNames(item[kind.names]), count);
    const Icon = ICONS[kind.reactNum];
    const whoId = `who-${item.messageLogId}-${kind.reactNum}`;
    return (
      <Tooltip key={kind.reactNum} label={who} multiline maw={260}>
        <UnstyledButton
          className={classes.reaction}
          data-kind={kind.label.toLowerCase()}
          aria-pressed={active}
          aria-label={`${kind.label} (${count})`}
          aria-describedby={whoId}
          onClick={() =>
            react.mutate({ messageLogId: item.messageLogId, reactNum: kind.reactNum, isRedactReact: active })
          }
        >
          <Icon size={16} />
          <span aria-hidden="true">{kind.label}</span>
          <span className={classes.count} aria-hidden="true">
            {count}
          </span>
          <span id={whoId} hidden>
            {who}
          </span>
        </UnstyledButton>
      </Tooltip>
    );
  };
  return (
    <Group gap={6} mt={8}>
      {REACTION_KINDS.map(button)}
    </Group>
  );
}
