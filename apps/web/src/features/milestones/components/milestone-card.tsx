import { Anchor, Badge, Blockquote, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import {
  milestoneMessageRequestSchema,
  signCardRequestSchema,
  type Milestone,
} from '@ovation/shared/schemas/milestones';
import { useMilestoneMessage, useSignCard } from '../../../api/milestones.ts';
import { CardMessageForm } from './card-message-form.tsx';

const yearsText = (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`;

/** What the milestone gives, in the programme's words. */
function giftText(m: Milestone, pointsName: string) {
  if (m.form === 'gift') return m.giftName || 'A long-service gift';
  return m.points > 0 ? `${formatPoints(m.points)} ${pointsName}` : null;
}

/**
 * One service milestone card: whose, how many years and when; the manager's message (theirs to
 * change until the day); colleagues' messages (the member sees them on the day) and the form to sign.
 */
export function MilestoneCard({ milestone: m, pointsName }: { milestone: Milestone; pointsName: string }) {
  const sign = useSignCard();
  const editMessage = useMilestoneMessage();
  const own = m.own;
  const mine = m.messages.find((x) => x.mine);
  const gives = giftText(m, pointsName);
  const title = own ? `Your ${yearsText(m.years)} with us` : `${m.memberName}: ${yearsText(m.years)} of service`;

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              <Anchor component={Link} to={`/awards/milestones/${m.milestoneId}`} inherit>
                {title}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {formatDate(m.milestoneOn)}
              {m.postOn !== m.milestoneOn && ` · celebrated on ${formatDate(m.postOn)}`}
              {gives && ` · ${gives}`}
            </Text>
          </div>
          <Badge color={m.status === 'posted' ? 'green' : 'blue'} variant="light">
            {m.status === 'posted' ? 'Celebrated' : 'Coming up'}
          </Badge>
        </Group>

        {m.canEditMessage ? (
          <CardMessageForm
            schema={milestoneMessageRequestSchema}
            label="Your message, posted with the award"
            submitLabel="Save message"
            saved="Your message is saved: it is posted on the day."
            initial={m.message}
            maxLength={1000}
            save={(message) => editMessage.mutateAsync({ id: m.milestoneId, message })}
          />
        ) : (
          m.message && <Blockquote p="sm">{m.message}</Blockquote>
        )}

        <Text size="sm" fw={600}>
          {m.signatures === 0
            ? 'No one has signed the card yet.'
            : `${m.signatures} ${m.signatures === 1 ? 'colleague has' : 'colleagues have'} signed the card.`}
          {own && m.status === 'upcoming' && m.signatures > 0 && ' You will see their messages on the day.'}
        </Text>
        {m.messages.length > 0 && (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Card messages">
            {m.messages.map((x) => (
              <Text component="li" key={`${x.authorName}-${x.signedAt}`} size="sm">
                <strong>{x.authorName}:</strong> {x.message}
              </Text>
            ))}
          </Stack>
        )}
        {m.canSign && (
          <CardMessageForm
            schema={signCardRequestSchema}
            label={mine ? 'Your message on the card' : 'Sign the card'}
            submitLabel={mine ? 'Change my message' : 'Sign the card'}
            saved="You signed the card."
            initial={mine?.message ?? ''}
            maxLength={280}
            save={(message) => sign.mutateAsync({ id: m.milestoneId, message })}
          />
        )}
        {m.kudosId !== null && (
          <Anchor component={Link} to="/" size="sm">
            See it in the Kudos Thread
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
