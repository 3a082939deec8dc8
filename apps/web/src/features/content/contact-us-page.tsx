import { useState } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../api/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { ContactUsForm } from './components/contact-us-form.tsx';

/** /contactus: a signed-in member writes to the programme team. */
export default function ContactUsPage() {
  const { profile } = useSession();
  const [sent, setSent] = useState<string | null>(null);

  const handleSent = (message: string) => {
    toast.success(message);
    setSent(message);
  };

  return (
    <Box maw={720}>
      <PageTitle title="Contact Us" />
      <Stack gap="lg">
        <Text c="dimmed" mt={-8}>
          Questions about recognition, points or rewards? Send us a message
          {profile?.email ? ` and we will reply to ${profile.email}.` : '.'}
        </Text>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {sent ? (
            <Stack gap="md">
              <Alert color="teal" variant="light" title="Message sent" role="status">
                {sent}
              </Alert>
              <Group>
                <Button variant="default" onClick={() => setSent(null)} w={{ base: '100%', sm: 'auto' }}>
                  Send another message
                </Button>
              </Group>
            </Stack>
          ) : (
            <ContactUsForm onSent={handleSent} />
          )}
        </Paper>
      </Stack>
    </Box>
  );
}
