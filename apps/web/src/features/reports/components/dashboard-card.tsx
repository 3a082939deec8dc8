import type { ReactNode } from 'react';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

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

/**
 * A chart's place on the dashboard. On a phone the chart renders only as it nears the screen:
 * the charts library builds each chart in one task React cannot slice (it measures its box, then
 * renders again), and the five charts at once held the main thread for about 0.9 s at ×4 CPU
 * (docs/performance.md). Elsewhere it renders at once. The place keeps the chart's height, so
 * nothing moves when it arrives.
 */
export function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>({ rootMargin: '200px 0px' });
  return (
    <div ref={ref} style={{ minHeight: height }}>
      {near ? (
        children
      ) : (
        // Marked, so tools that check every screen (the accessibility sweep) can bring it near.
        <div data-deferred="chart">
          <Skeleton height={height} animate={false} />
        </div>
      )}
    </div>
  );
}

/** What a dashboard chart shows for a period without a figure to draw (as the reports' charts say). */
export const NOTHING_TO_CHART = 'Nothing to chart for this period.';

/** A chart with its figures under it, or the empty state when the period has nothing to draw. */
export function ChartBody({
  empty,
  emptyText = NOTHING_TO_CHART,
  height,
  chart,
  figures,
}: {
  empty: boolean;
  emptyText?: string;
  height: number;
  chart: ReactNode;
  figures: ReactNode;
}) {
  if (empty) {
    return (
      <Text c="gray.7" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <>
      <ChartSlot height={height}>{chart}</ChartSlot>
      {figures}
    </>
  );
}
