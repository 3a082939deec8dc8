import { Avatar, Badge, Group, Paper, Text } from '@mantine/core';
import { profileImageUrl, useSession } from '../../../api/session-context.tsx';
import { useHomeData } from '../../../api/home-data.ts';

/** The home data's leaderboard: the colleagues recognised most lately. Hidden when empty. */
export function LeaderboardCard() {
  const { profile } = useSession();
  const { data } = useHomeData(profile?.email ?? '');
  const leaders = data?.leaderboard ?? [];
  if (leaders.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="leaderboard-title">
      <Text id="leaderboard-title" fw={700} mb="xs">
        Most recognised lately
      </Text>
      <Group component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} grow preventGrowOverflow={false}>
        {leaders.slice(0, 5).map((leader, i) => (
          <Group key={leader.memberId} component="li" gap="xs" wrap="nowrap" miw={180}>
            <Text fw={700} c="ovation.9" w={18} ta="right" aria-hidden="true">
              {i + 1}
            </Text>
            <Avatar src={profileImageUrl(leader.picId)} alt="" size={36} radius="xl" />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} lineClamp={1}>
                {leader.memberName}
              </Text>
              <Text size="xs" c="gray.7" lineClamp={1}>
                {leader.division}
              </Text>
            </div>
            <Badge variant="light" aria-label={`${leader.total} recognitions`}>
              {leader.total}
            </Badge>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
