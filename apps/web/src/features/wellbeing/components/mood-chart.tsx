import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { MOOD_COLOURS, MoodIcon } from '../../../components/social/mood-icon.tsx';
import classes from './mood-chart.module.css';

/** Check-ins per mood as bars; each bar's text says the count, so the chart needs no colour. */
export function MoodCounts({ moods, names }: { moods: { value: number }[]; names: Record<number, string> }) {
  const counts = [1, 2, 3].map((value) => ({ value, count: moods.filter((m) => m.value === value).length }));
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <ul className={classes.bars} aria-label="Check-ins per mood">
      {counts.map(({ value, count }) => (
        <li key={value} className={classes.row}>
          <MoodIcon value={value} active size={24} />
          <span className={classes.name}>{names[value]}</span>
          <span className={classes.track} aria-hidden="true">
            <span
              className={classes.bar}
              style={{ width: `${(count / max) * 100}%`, background: MOOD_COLOURS[value] }}
            />
          </span>
          <Text component="span" size="sm" fw={600} className={classes.count}>
            {count} {count === 1 ? 'day' : 'days'}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The mood day by day as a line (happy at the top). Decorative for screen readers: the
 * counts above and the calendar page carry the same information as text.
 */
export function MoodLine({
  moods,
  days,
  names,
}: {
  moods: { day: string; value: number }[];
  days: string[];
  names: Record<number, string>;
}) {
  // Drawn at the width it is shown at, so its labels stay 12 px on a phone (a fixed 600-wide
  // drawing scaled to a 310 px card made them 6 px); 600 until the first measure.
  const { ref, width: shown } = useElementSize();
  const width = shown > 0 ? Math.max(240, Math.round(shown)) : 600;
  const height = 120;
  const byDay = new Map(moods.map((m) => [m.day, m.value]));
  const left = 70; // room for the mood names on the axis
  const x = (i: number) => (days.length > 1 ? (i / (days.length - 1)) * (width - left - 10) + left : width / 2);
  const y = (v: number) => 15 + ((v - 1) / 2) * (height - 30);
  const points = days.flatMap((d, i) => (byDay.has(d) ? [[x(i), y(byDay.get(d)!), byDay.get(d)!] as const] : []));
  // The line joins consecutive days only: a day without a check-in breaks it, so a gap does not
  // read as a trend.
  const runs: (readonly [number, number])[][] = [];
  days.forEach((d, i) => {
    if (!byDay.has(d)) return;
    const point = [x(i), y(byDay.get(d)!)] as const;
    if (i > 0 && byDay.has(days[i - 1]!)) runs[runs.length - 1]!.push(point);
    else runs.push([point]);
  });
  return (
    <div ref={ref} className={classes.line}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label="Mood over the last 90 days">
        {[1, 2, 3].map((v) => (
          <g key={v}>
            <text x={0} y={y(v) + 4} fontSize={12} fill="#495057" style={{ textTransform: 'capitalize' }}>
              {names[v]}
            </text>
            <line x1={left - 6} x2={width} y1={y(v)} y2={y(v)} stroke="#e9ecef" strokeWidth={1} />
          </g>
        ))}
        {runs
          .filter((run) => run.length > 1)
          .map((run) => (
            <polyline
              key={run[0]![0]}
              points={run.map(([px, py]) => `${px},${py}`).join(' ')}
              fill="none"
              stroke="#047f77"
              strokeWidth={2}
              strokeLinejoin="round"
              data-testid="mood-line-run"
            />
          ))}
        {points.map(([px, py, v], i) => (
          <circle key={i} cx={px} cy={py} r={3.5} fill={MOOD_COLOURS[v]} />
        ))}
      </svg>
    </div>
  );
}
