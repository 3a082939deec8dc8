import { Paper, Text } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../lib/session.tsx';
import { PLACEHOLDER_TEXT } from './placeholder-page.tsx';

/** Home until the feed, tiles and side panel are built. */
export default function HomePage() {
  const { profile } = useSession();
  const name = profile?.firstName || profile?.fullname || '';
  return (
    <>
      <PageTitle title={name ? `Welcome, ${name}` : 'Welcome'} />
      <Paper withBorder p="lg" radius="md" maw={720}>
        <Text>{PLACEHOLDER_TEXT} Use the menus above to recognise colleagues and manage your profile.</Text>
      </Paper>
    </>
  );
}
