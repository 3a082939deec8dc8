import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

/** One figure of the report dashboard: a titled section with an optional caption. */
export function Card({ title, children, caption }: { title: string; children: ReactNode; caption?: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb={caption ? 2 : 'sm'}>
        {title}
      </Title>
      {caption && (
        <Text size="sm" c="gray.7" mb="sm">
          {caption}
        </Text>
      )}
      {children}
    </Paper>
  );
}
