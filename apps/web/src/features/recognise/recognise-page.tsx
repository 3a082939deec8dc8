import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import type { SendResponse } from '@ovation/shared/schemas/recognition';
import { PageTitle } from '../../components/page-title.tsx';
import { SendSuccess } from '../../components/send-success.tsx';
import { parseMemberId } from '../../lib/member-param.ts';
import { useSession } from '../../api/session-context.tsx';
import { RecogniseForm } from './components/recognise-form.tsx';

/** /recognise/:selectedMemberId? — recognise one or several colleagues for a behaviour. */
export default function RecognisePage() {
  const { selectedMemberId } = useParams();
  const { profile, capabilities } = useSession();
  // The send has already put the new balances in the session (api/sends.ts).
  const [sent, setSent] = useState<SendResponse | null>(null);
  const pointsName = profile?.pointsName || 'points';
  const teamBudget = capabilities.manageTeam ? { balance: profile?.awardsPointsAvailableMng ?? 0, pointsName } : null;

  return (
    <>
      <PageTitle title="Recognise" />
      <Stack gap="lg" maw={820}>
        <Text c="dimmed">
          Acknowledge colleagues who show up in the firm&apos;s way. Your recognition appears in the Kudos Thread,
          labelled with the behaviour.
        </Text>
        {sent && (
          <SendSuccess
            title="Recognition sent"
            onDismiss={() => setSent(null)}
            seeLink={{ to: '/myrecognition', label: 'See My Recognition' }}
          >
            {sent.message}
          </SendSuccess>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <RecogniseForm
            key={selectedMemberId ?? ''}
            selectedMemberId={parseMemberId(selectedMemberId)}
            teamBudget={teamBudget}
            onSent={setSent}
          />
        </Paper>
      </Stack>
    </>
  );
}
