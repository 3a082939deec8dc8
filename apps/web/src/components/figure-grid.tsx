import { Paper, SimpleGrid, Text, type MantineSize } from '@mantine/core';

export interface Figure {
  label: string;
  value: string;
  /** Shown after the value, smaller (e.g. the points name). */
  unit?: string;
}

/** A row of small labelled figures (a description list): two per row on a phone, four wider. */
export function FigureGrid({ figures, size = 'lg' }: { figures: Figure[]; size?: MantineSize }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="md" p="sm">
          <Text component="dt" size="xs" c="gray.7">
            {f.label}
          </Text>
          <Text component="dd" fw={700} size={size} m={0}>
            {f.value}
            {f.unit && (
              <>
                {' '}
                <Text span size="sm" c="gray.7">
                  {f.unit}
                </Text>
              </>
            )}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
