import { Avatar, Group, Text } from '@mantine/core';
import { profileImageUrl } from '../../api/session-context.tsx';
import classes from './social.module.css';

/** The get-to-know card questions (spec §2), as the profile form asks them. */
export const THEME_SONG_LABEL = 'Theme song of my life';
export const SKILL_LABEL = 'Skill I would love to master';

/** A colleague's picture, name and division: the head of every get-to-know card. */
export function MemberIdentity({ picId, name, division }: { picId: string; name: string; division: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Avatar src={profileImageUrl(picId)} alt="" size={56} radius="xl" />
      <div className={classes.who}>
        <Text fw={700} lineClamp={1}>
          {name}
        </Text>
        <Text size="xs" c="gray.7" lineClamp={1}>
          {division}
        </Text>
      </div>
    </Group>
  );
}
