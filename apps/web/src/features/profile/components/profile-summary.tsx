import type { ReactNode } from 'react';
import { Avatar, Stack, Title } from '@mantine/core';
import type { StoredProfile } from '@ovation/shared/schemas/profile';
import classes from './profile-summary.module.css';

interface ProfileSummaryProps {
  profile: StoredProfile;
  pictureUrl: string;
  /** The picture upload control, placed under the picture. */
  pictureAction?: ReactNode;
}

/** Division levels from broad to narrow; the flat division when no levels are known. */
export function divisionPath(profile: Pick<StoredProfile, 'division' | 'division1' | 'division2' | 'division3'>) {
  const levels = [profile.division1, profile.division2, profile.division3].filter((d) => d && d.trim());
  return levels.length > 0 ? levels.join(' › ') : profile.division;
}

/** Who the member is, as the firm's member database knows them (read only). */
export function ProfileSummary({ profile, pictureUrl, pictureAction }: ProfileSummaryProps) {
  const facts: [string, string | null][] = [
    ['Division', divisionPath(profile)],
    ['Country', profile.country],
    ['Unit', profile.unit],
    ['Employee number', profile.employeeNumber],
    ['Manager', profile.managerName],
  ];
  return (
    <Stack gap="md" align="stretch">
      <Stack gap="xs" align="center">
        <Avatar src={pictureUrl} alt={`Profile picture of ${profile.fullname}`} size={128} radius={128} />
        {pictureAction}
        <Title order={2} size="h3" ta="center" mt="xs">
          {profile.fullname}
        </Title>
      </Stack>
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <dt>{label}</dt>
            <dd>{value && value.trim() ? value : '—'}</dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}
