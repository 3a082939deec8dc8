import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import { PageTitle } from '../../components/page-title.tsx';
import { SendSuccess, joinNames } from '../../components/send-success.tsx';
import { useAfterSend } from '../../lib/after-send.ts';
import { parseMemberId } from '../../lib/member-param.ts';
import { useSession } from '../../lib/session.tsx';
import { RecogniseForm, type RecognitionSent } from './components/recognise-form.tsx';

/** /recognise/:selectedMemberId? — recognise one or several colleagues for a behaviour. */
export default function RecognisePage() {
  const { selectedMemberId } = useParams();
  const { profile, capabilities } = useSession();
  const afterSend = useAfterSend();
  const [sent, setSent] = useState<RecognitionSent | null>(null);
  const pointsName = profile?.pointsName || 'points';
  const teamBudget = capabilities.manageTeam ? { balance: profile?.awardsPointsAvailableMng ?? 0, pointsName } : null;

  const handleSent = (result: RecognitionSent) => {
    setSent(result);
    void afterSend();
  };

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
            You recognised {joinNames(sent.names)}
            {sent.points ? ` with ${formatPoints(sent.points)} ${pointsName} each` : ''}.
          </SendSuccess>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <RecogniseForm
            key={selectedMemberId ?? ''}
            selectedMemberId={parseMemberId(selectedMemberId)}
            teamBudget={teamBudget}
            onSent={handleSent}
          />
        </Paper>
      </Stack>
    </>
  );
}
