import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../api/session-context.tsx';
import { useMyRecognition } from '../../api/myrecognition.ts';
import { RecognitionList } from './components/recognition-list.tsx';
import { RecognitionTotals } from './components/recognition-totals.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';

/** /myrecognition — what I received and what I gave, by type, with totals. */
export default function MyRecognitionPage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const query = useMyRecognition();

  return (
    <>
      <PageTitle title="My Recognition" />
      {query.isPending ? (
        <Center mih="30vh">
          <Loader aria-label="Loading your recognition" />
        </Center>
      ) : query.isError ? (
        <LoadFailed
          title="Your recognition could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          maw={640}
        />
      ) : (
        <Tabs defaultValue="received" keepMounted={false} maw={960}>
          <Tabs.List mb="md">
            <Tabs.Tab value="received">Received ({query.data.received.length})</Tabs.Tab>
            <Tabs.Tab value="given">Given ({query.data.given.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="received">
            <Stack gap="md">
              <RecognitionTotals
                counts={query.data.totals.received}
                points={query.data.totals.pointsReceived}
                pointsName={pointsName}
                pointsLabel="Points received"
              />
              <RecognitionList items={query.data.received} direction="received" pointsName={pointsName} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="given">
            <Stack gap="md">
              <RecognitionTotals
                counts={query.data.totals.given}
                points={query.data.totals.pointsGiven}
                pointsName={pointsName}
                pointsLabel="Points given"
              />
              <RecognitionList items={query.data.given} direction="given" pointsName={pointsName} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
