import { Paper, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { findEntry } from '../../config/navigation.ts';
import { PageTitle } from '../../components/page-title.tsx';

export const PLACEHOLDER_TEXT = 'This page is part of a later release.';

/** Routes of spec §2 whose screens are not built yet: the title from the navigation config. */
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  const title = findEntry(pathname)?.label ?? 'Ovation';
  return (
    <>
      <PageTitle title={title} />
      <Paper withBorder p="lg" radius="md" maw={720}>
        <Text>{PLACEHOLDER_TEXT}</Text>
      </Paper>
    </>
  );
}
