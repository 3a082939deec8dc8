import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import { FigureGrid } from '../../../components/figure-grid.tsx';
import { Card } from './dashboard-card.tsx';

/** The awards tile: the period's nominations, where they stand, and the points held and paid. */
export function AwardsCard({ data }: { data: DashboardResponse }) {
  const a = data.awards;
  return (
    <Card title="Awards" caption="Award nominations made in the period, by where they stand now.">
      {a.nominations === 0 ? (
        <Text c="gray.7" size="sm">
          No nominations in this period.
        </Text>
      ) : (
        <Stack gap="sm">
          <FigureGrid
            size="md"
            figures={[
              { label: 'Nominations', value: formatPoints(a.nominations) },
              { label: 'Waiting for a decision', value: formatPoints(a.pending) },
              { label: 'Approved', value: formatPoints(a.approved) },
              { label: 'Declined or withdrawn', value: formatPoints(a.closed) },
              { label: 'Points held', value: formatPoints(a.pointsCommitted) },
              { label: 'Points paid', value: formatPoints(a.pointsPaid) },
              {
                label: 'Average time to decide',
                value: a.averageHoursToDecide === null ? '—' : formatPoints(a.averageHoursToDecide),
                unit: a.averageHoursToDecide === null ? undefined : 'hours',
              },
            ]}
          />
          <Anchor component={Link} to={`/reportawards?from=${data.from}&to=${data.to}`} size="sm">
            Every nomination in the Awards Report
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
