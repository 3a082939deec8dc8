import { ActionIcon, Group } from '@mantine/core';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../components/social/icons.tsx';

interface ControlsProps {
  /** What moves, for the buttons' names: 'banner', 'colleague'. */
  noun: string;
  paused: boolean;
  /** No pause control under reduced motion: nothing moves by itself then. */
  showPause: boolean;
  onPrev(): void;
  onNext(): void;
  onTogglePause(): void;
  color?: string;
}

/** Previous, pause/play and next for a carousel, each with an accessible name. */
export function CarouselControls({ noun, paused, showPause, onPrev, onNext, onTogglePause, color }: ControlsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" color={color} onClick={onPrev} aria-label={`Previous ${noun}`}>
        <ChevronLeftIcon />
      </ActionIcon>
      {showPause && (
        <ActionIcon
          variant="subtle"
          color={color}
          onClick={onTogglePause}
          aria-label={paused ? `Play ${noun}s` : `Pause ${noun}s`}
          aria-pressed={paused}
        >
          {paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
        </ActionIcon>
      )}
      <ActionIcon variant="subtle" color={color} onClick={onNext} aria-label={`Next ${noun}`}>
        <ChevronRightIcon />
      </ActionIcon>
    </Group>
  );
}
