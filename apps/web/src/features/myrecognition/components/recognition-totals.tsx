import { FigureGrid } from '../../../components/figure-grid.tsx';
import { formatPoints } from '@ovation/shared/format/money';
import { KINDS, type RecognitionKind } from './kinds.ts';

interface RecognitionTotalsProps {
  counts: Record<RecognitionKind, number>;
  points: number;
  pointsName: string;
  pointsLabel: string;
}

/** Counts by type and the points that moved, as four small figures. */
export function RecognitionTotals({ counts, points, pointsName, pointsLabel }: RecognitionTotalsProps) {
  const figures = [
    ...KINDS.map((k) => ({ label: k.label, value: String(counts[k.kind] ?? 0) })),
    { label: pointsLabel, value: `${formatPoints(points)} ${pointsName}` },
  ];
  return <FigureGrid figures={figures} size="xl" />;
}
