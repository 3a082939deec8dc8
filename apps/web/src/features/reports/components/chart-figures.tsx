import { Table } from '@mantine/core';

export interface FigureRow {
  key: string;
  /** The row's name (a week, a behaviour, a division) and its figures, as text. */
  cells: string[];
}

/**
 * A chart's figures as a compact table under it (decision 0098): every value as text, for screen
 * readers and for values a bar cannot show (a zero, a sliver beside a large one).
 */
export function ChartFigures({ label, head, rows }: { label: string; head: string[]; rows: FigureRow[] }) {
  return (
    <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs" striped mt="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {head.map((title, i) => (
            <Table.Th key={title} scope="col" ta={i === 0 ? 'left' : 'right'}>
              {title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ key, cells: [name, ...figures] }) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" fw={400}>
              {name}
            </Table.Th>
            {figures.map((figure, i) => (
              <Table.Td key={i} ta="right">
                {figure}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
