import { Link } from 'react-router';
import { Avatar, Button, Paper, Stack, Text } from '@mantine/core';
import { formatPoints } from '@ovation/shared/format/money';
import { profileImageUrl, useSession } from '../../../api/session-context.tsx';
import { DailyCheckIn } from './daily-check-in.tsx';
import classes from './side-panel.module.css';

function Balance({
  amount,
  pointsName,
  caption,
  action,
  to,
}: Record<'amount' | 'pointsName' | 'caption' | 'action' | 'to', string>) {
  return (
    <div className={classes.balance}>
      <Text className={classes.amount}>
        {amount} <span className={classes.pointsName}>{pointsName}</span>
      </Text>
      <Text size="xs" c="gray.7" mb={8}>
        {caption}
      </Text>
      <Button component={Link} to={to} fullWidth size="sm" radius="xl">
        {action}
      </Button>
    </div>
  );
}

/** The left side panel (spec §2): who you are, the daily check-in and your balances. */
export function SidePanel() {
  const { profile, capabilities, profilePicId, profilePicSfx } = useSession();
  if (!profile) return null;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg" className={classes.card}>
        <div className={classes.identity}>
          <Link to="/myprofile" className={classes.pictureLink} aria-label="My profile">
            <Avatar
              src={profileImageUrl(profilePicId, profilePicSfx)}
              alt=""
              size={96}
              radius={96}
              className={classes.avatar}
            />
          </Link>
          <div className={classes.who}>
            <Text fw={700} size="lg" className={classes.name}>
              {profile.fullname}
            </Text>
            <Text size="sm" c="gray.7">
              {profile.division}
            </Text>
          </div>
        </div>
        {(capabilities.southAfrica || capabilities.manageTeam) && (
          <Stack gap="sm" mt="md">
            {capabilities.southAfrica && (
              <Balance
                amount={formatPoints(profile.awardsPointsAvailable)}
                pointsName={profile.pointsName}
                caption="Your personal balance"
                action="REDEEM"
                to="/redeemrewards"
              />
            )}
            {capabilities.manageTeam && (
              <Balance
                amount={formatPoints(profile.awardsPointsAvailableMng)}
                pointsName={profile.pointsName}
                caption="Team recognition balance"
                action="REWARD"
                to="/recognise"
              />
            )}
          </Stack>
        )}
      </Paper>
      <DailyCheckIn />
    </Stack>
  );
}
