import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { SendSuccess } from '../../components/send-success.tsx';
import type { SendResponse } from '@ovation/shared/schemas/recognition';
import { parseMemberId } from '../../lib/member-param.ts';
import { High5Form } from './components/high5-form.tsx';

/** /high5/:selectedMemberId? — a personal note of appreciation; no points move. */
export default function High5Page() {
  const { selectedMemberId } = useParams();
  const [sent, setSent] = useState<SendResponse | null>(null);

  return (
    <>
      <PageTitle title="High Five" />
      <Stack gap="lg" maw={720}>
        <Text c="dimmed">Thank a colleague in your own words. High Fives carry no points.</Text>
        {sent && (
          <SendSuccess
            title="High Five sent"
            onDismiss={() => setSent(null)}
            seeLink={{ to: '/myrecognition', label: 'See My Recognition' }}
          >
            {sent.message}
          </SendSuccess>
        )}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <High5Form key={selectedMemberId ?? ''} selectedMemberId={parseMemberId(selectedMemberId)} onSent={setSent} />
        </Paper>
      </Stack>
    </>
  );
}
