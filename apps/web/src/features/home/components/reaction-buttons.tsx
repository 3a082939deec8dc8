import { Fragment, useState } from 'react';
import { Group, Tooltip, UnstyledButton } from '@mantine/core';
import type { KudosItem } from '@ovation/shared/schemas/feed';
import { CheerIcon, SupportIcon, ThumbIcon } from '../../../components/social/icons.tsx';
import { useReactToKudos } from '../../../api/kudos.ts';
import { REACTION_KINDS, reactorNames, reactorsText, type ReactionKind } from '../../../api/kudos-reactions.ts';
import classes from './kudos.module.css';

const ICONS = { 1: ThumbIcon, 2: CheerIcon, 3: SupportIcon } as const;

/**
 * Like / Cheer / Support (spec §4): a click on an active reaction withdraws it. Who reacted is
 * each button's description; the tooltip that also shows it on hover is only set up once the
 * pointer comes near, since sixty positioned tooltips made Home's first render slow (issue 14).
 */
export function ReactionButtons({ item }: { item: KudosItem }) {
  const react = useReactToKudos(item.messageLogId);
  const [pointerNear, setPointerNear] = useState(false);
  const button = (kind: ReactionKind) => {
    const active = item[kind.flag] === true;
    const count = Number(item[kind.count]) || 0;
    const who = reactorsText(kind.verb, reactorNames(item[kind.names]), count);
    const Icon = ICONS[kind.reactNum];
    const whoId = `who-${item.messageLogId}-${kind.reactNum}`;
    const reactionButton = (
      <UnstyledButton
        className={classes.reaction}
        data-kind={kind.label.toLowerCase()}
        aria-pressed={active}
        aria-describedby={whoId}
        onClick={() =>
          react.mutate({ messageLogId: item.messageLogId, reactNum: kind.reactNum, isRedactReact: active })
        }
      >
        <Icon size={16} />
        {/* The name is what the button shows, "Like 3" (WCAG 2.5.3 label in name). */}
        <span>{kind.label}</span> <span className={classes.count}>{count}</span>
        <span id={whoId} hidden>
          {who}
        </span>
      </UnstyledButton>
    );
    return pointerNear ? (
      <Tooltip key={kind.reactNum} label={who} multiline maw={260}>
        {reactionButton}
      </Tooltip>
    ) : (
      <Fragment key={kind.reactNum}>{reactionButton}</Fragment>
    );
  };
  return (
    <Group gap={6} mt={8} onPointerEnter={() => setPointerNear(true)}>
      {REACTION_KINDS.map(button)}
    </Group>
  );
}
