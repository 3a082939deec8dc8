import { HIGH_FIVE_LABEL } from '@ovation/shared/vocabulary';
import { memo } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import type { KudosItem } from '@ovation/shared/schemas/feed';
import { ReactionButtons } from './reaction-buttons.tsx';
import { relativeTimeFromMins } from './relative-time.ts';
import classes from './kudos.module.css';

/** One Kudos Thread item. The message is text, never HTML (React escapes it). */
export const KudosItemView = memo(function KudosItemView({ item }: { item: KudosItem }) {
  const label = item.f3?.trim() ? item.f3 : HIGH_FIVE_LABEL;
  return (
    <li className={classes.item} data-testid="kudos-item">
      <div className={classes.head}>
        <Text size="sm" className={classes.people}>
          <strong>{item.fromMemberName}</strong>
          <span className={classes.arrow} aria-hidden="true">
            {' → '}
          </span>
          <VisuallyHidden> to </VisuallyHidden>
          <strong>{item.memberName}</strong>
        </Text>
        <Text size="xs" c="gray.7" className={classes.time}>
          {relativeTimeFromMins(item.mins)}
        </Text>
      </div>
      <span className={classes.label}>{label}</span>
      <Text size="sm" className={classes.message}>
        {item.message}
      </Text>
      <ReactionButtons item={item} />
    </li>
  );
});
