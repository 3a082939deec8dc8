import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MemberSearchResult } from '../../api/members.ts';

/** One colleague in the picker's list: name, division and (for managers) whether in their team. */
export function MemberOption({ member, showTeam }: { member: MemberSearchResult | undefined; showTeam: boolean }) {
  if (!member) return null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {member.memberName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[member.division, member.country].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      {showTeam && member.isTeamMember && (
        <Badge size="sm" variant="light" color="teal">
          My team
        </Badge>
      )}
    </Group>
  );
}
