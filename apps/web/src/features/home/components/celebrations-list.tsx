import { Skeleton } from '@mantine/core';
import { CelebrationRowView } from '../../../components/social/celebration-row.tsx';
import { useSession } from '../../../lib/session.tsx';
import { ERROR_CELEBRATIONS, NO_CELEBRATIONS, useCelebrations } from '../api/get-celebrations.ts';
import classes from './kudos.module.css';

/** Today's birthdays and work anniversaries (spec §2 Celebrations tab). */
export function CelebrationsList({ active }: { active: boolean }) {
  const { capabilities } = useSession();
  const { data, isPending, isError } = useCelebrations(active);
  if (isPending) return <Skeleton height={160} radius="md" />;
  if (isError) {
    return (
      <p className={classes.status} role="alert">
        {ERROR_CELEBRATIONS}
      </p>
    );
  }
  if (data.length === 0) return <p className={classes.status}>{NO_CELEBRATIONS}</p>;
  return (
    <ul className={classes.list} aria-label="Today's celebrations">
      {data.map((row) => (
        <CelebrationRowView
          key={`${row.what}-${row.memberId}-${row._rowNum}`}
          row={row}
          canPayItForward={capabilities.payItForward}
        />
      ))}
    </ul>
  );
}
