import { useState } from 'react';
import { Group, Tooltip, UnstyledButton } from '@mantine/core';
import type { KudosItem } from '@ovation/shared/schemas/feed';
import { CheerIcon, SupportIcon, ThumbIcon } from '../../../components/social/icons.tsx';
import { useReactToKudos } from '../../../api/kudos.ts';
import { REACTION_KINDS, reactorNames, reactorsText, type ReactionKind } from '../../../api/kudos-reactions.ts';
import classes from './kudos.module.css';

const ICONS = { 1: ThumbIcon, 2: CheerIcon, 3: SupportIcon } as const;

/**
 * Like / Cheer / Support (spec §4): a click on an active reaction withdraws it. Who reacted is
 * each button's description; on hover one tooltip, made only then, shows it beside the button
 * under the pointer: sixty tooltips made Home's first render slow (issue 14), and wrapping a
 * button in its tooltip on the way in remounted it, so a quick click could land on the old one.
 */
export function ReactionButtons({ item }: { item: KudosItem }) {
  const react = useReactToKudos(item.messageLogId);
  const [hovered, setHovered] = useState<{ target: HTMLElement; kind: ReactionKind } | null>(null);
  const whoText = (kind: ReactionKind) =>
    reactorsText(kind.verb, reactorNames(item[kind.names]), Number(item[kind.count]) || 0);
  const button = (kind: ReactionKind) => {
    const active = item[kind.flag] === true;
    const count = Number(item[kind.count]) || 0;
    const Icon = ICONS[kind.reactNum];
    const whoId = `who-${item.messageLogId}-${kind.reactNum}`;
    return (
      <UnstyledButton
        key={kind.reactNum}
        className={classes.reaction}
        data-kind={kind.label.toLowerCase()}
        aria-pressed={active}
        aria-describedby={whoId}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'touch') setHovered({ target: event.currentTarget, kind });
        }}
        onPointerLeave={() => setHovered(null)}
        onClick={() =>
          react.mutate({ messageLogId: item.messageLogId, reactNum: kind.reactNum, isRedactReact: active })
        }
      >
        <Icon size={16} />
        {/* The name is what the button shows, "Like 3" (WCAG 2.5.3 label in name). */}
        <span>{kind.label}</span> <span className={classes.count}>{count}</span>
        <span id={whoId} hidden>
          {whoText(kind)}
        </span>
      </UnstyledButton>
    );
  };
  return (
    <Group gap={6} mt={8}>
      {REACTION_KINDS.map(button)}
      {hovered && <Tooltip target={hovered.target} label={whoText(hovered.kind)} opened multiline maw={260} />}
    </Group>
  );
}
