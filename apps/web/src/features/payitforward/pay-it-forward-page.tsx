import { useState } from 'react';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import { usePayItForwardAllowance } from '../../api/sends.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { SendSuccess } from '../../components/send-success.tsx';
import type { SendResponse } from '@ovation/shared/schemas/recognition';
import { parseMemberId } from '../../lib/member-param.ts';
import { useSession } from '../../api/session-context.tsx';
import { PayItForwardForm } from './components/pay-it-forward-form.tsx';

/**
 * /payitforward/:selectedMemberId? — share part of one's own points with a colleague.
 * South Africa only: the route guard shows 'Not Available in your Country' to everyone else.
 */
export default function PayItForwardPage() {
  const { selectedMemberId } = useParams();
  const { profile } = useSession();
  // The send has already put the new balance in the session (api/sends.ts).
  const [sent, setSent] = useState<SendResponse | null>(null);
  const pointsName = profile?.pointsName || 'points';
  const balance = profile?.awardsPointsAvailable ?? 0;
  const allowance = usePayItForwardAllowance().data;

  return (
    <>
      <PageTitle title="Pay It Forward" />
      <Stack gap="lg" maw={720}>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text c="dimmed">Share part of your {pointsName} with a colleague, with a message to say why.</Text>
          <Paper withBorder radius="md" px="md" py="xs">
            <Group gap="xs" align="baseline">
              <Text size="sm" c="dimmed">
                Your personal balance
              </Text>
              <Text fw={700} data-testid="personal-balance">
                {formatPoints(balance)} {pointsName}
              </Text>
            </Group>
          </Paper>
        </Group>
        {sent && (
          <SendSuccess
            title="Points shared"
            onDismiss={() => setSent(null)}
            seeLink={{ to: '/statement', label: 'See my statement' }}
          >
            {sent.message}
          </SendSuccess>
        )}
        {balance <= 0 && !sent && (
          <Alert color="gray" variant="light" title={`You have no ${pointsName} to share yet`}>
            When colleagues recognise you with points, you can pay them forward here.
          </Alert>
        )}
        {balance > 0 && allowance?.leftToday === 0 && !sent && (
          <Alert color="gray" variant="light" title={`You have given today’s ${pointsName}`}>
            You can pay forward up to {formatPoints(allowance.dailyCap)} {pointsName} a day. You can share more
            tomorrow.
          </Alert>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <PayItForwardForm
            key={selectedMemberId ?? ''}
            selectedMemberId={parseMemberId(selectedMemberId)}
            balance={balance}
            pointsName={pointsName}
            allowance={allowance}
            onSent={setSent}
          />
        </Paper>
      </Stack>
    </>
  );
}
