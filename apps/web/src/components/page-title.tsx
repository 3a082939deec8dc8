import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

export const APP_NAME = 'Ovation';

/** The page's h1 and the browser tab title (React 19 hoists <title> into the head). */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
      <title>{`${title} · ${APP_NAME}`}</title>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
