import { Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useTrending } from '../../../api/trending.ts';
import classes from './kudos.module.css';

export const NO_TRENDING = 'No trending data available.';

/** Trending Behaviours: the firm's most recognised behaviours lately, ranked. */
export function TrendingList({ active }: { active: boolean }) {
  const { data, isPending, isError } = useTrending(active);
  if (isPending) return <Skeleton height={200} radius="md" />;
  if (isError || data.length === 0) return <p className={classes.status}>{NO_TRENDING}</p>;
  const top = Math.max(...data.map((r) => r.total), 1);
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Trending Behaviours">
      {data.map((row) => (
        <li key={row.displayText}>
          <Text size="sm" fw={600}>
            {row.ranking}. {row.displayText}
          </Text>
          <Progress value={(row.total / top) * 100} size="md" radius="xl" mt={4} aria-hidden="true" />
          <Text size="xs" c="gray.7" mt={2}>
            {row.total} {row.total === 1 ? 'recognition' : 'recognitions'}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
