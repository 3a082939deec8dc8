import { Link } from 'react-router';
import { Avatar, Button, Group, Text, Tooltip } from '@mantine/core';
import { isSouthAfrica } from '@ovation/shared/capabilities';
import type { CelebrationRow as Row } from '@ovation/shared/schemas/feed';
import { profileImageUrl } from '../../api/session-context.tsx';
import { celebrationMemberId, celebrationText, isRegisteredCelebration } from './celebration-rules.ts';
import { AwardIcon, CakeIcon, InfoIcon } from './icons.tsx';
import classes from './social.module.css';

export const MEMBER_NOT_REGISTERED = 'Member Not Registered';

/**
 * One birthday or work anniversary (spec §2): High Five and Pay It Forward only for
 * registered members, Pay It Forward only with the payItForward capability and to a colleague
 * in South Africa (the only ones it can reach); otherwise the
 * 'Member Not Registered' info icon.
 */
export function CelebrationRowView({ row, canPayItForward }: { row: Row; canPayItForward: boolean }) {
  const name = `${row.firstName} ${row.surname}`.trim();
  const id = celebrationMemberId(row.memberId);
  return (
    <li className={classes.celebration}>
      <Avatar src={profileImageUrl(row.picId)} alt="" size={44} radius="xl" />
      <div className={classes.celebrationText}>
        <Text fw={600} size="sm" lineClamp={1}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" className={classes.celebrationWhat}>
          {/* A cake for a birthday, a ribbon for years at the firm. */}
          {row.what === 'BDAY' ? <CakeIcon size={14} /> : <AwardIcon size={14} />} {celebrationText(row)}
          {row.division ? ` · ${row.division}` : ''}
        </Text>
      </div>
      {isRegisteredCelebration(row.memberId) ? (
        <Group gap={6} wrap="nowrap" className={classes.celebrationActions}>
          <Button
            component={Link}
            to={`/high5/${id}`}
            size="compact-xs"
            variant="light"
            aria-label={`High Five ${name}`}
          >
            High Five
          </Button>
          {canPayItForward && isSouthAfrica(row.country) && (
            <Button
              component={Link}
              to={`/payitforward/${id}`}
              size="compact-xs"
              variant="outline"
              aria-label={`Pay It Forward to ${name}`}
            >
              Pay It Forward
            </Button>
          )}
        </Group>
      ) : (
        <Tooltip label={MEMBER_NOT_REGISTERED} events={{ hover: true, focus: true, touch: true }}>
          <span className={classes.notRegistered} role="img" aria-label={MEMBER_NOT_REGISTERED} tabIndex={0}>
            <InfoIcon size={18} />
          </span>
        </Tooltip>
      )}
    </li>
  );
}
