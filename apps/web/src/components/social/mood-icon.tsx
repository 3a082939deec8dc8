/** Mood colours (1 happy, 2 okay — the spec's "average", 3 unhappy); all pass 3:1 as graphics on white. */
export const MOOD_COLOURS: Record<number, string> = { 1: '#2f9e44', 2: '#e67700', 3: '#c92a2a' };
/** The names shown until the stored descriptions arrive: the same labels (decision 0082). */
export const MOOD_FALLBACK_NAMES: Record<number, string> = { 1: 'Happy', 2: 'Okay', 3: 'Unhappy' };

const MOUTHS: Record<number, string> = {
  1: 'M8 14.5c1.1 1.6 2.4 2.4 4 2.4s2.9-.8 4-2.4',
  2: 'M8.5 15.5h7',
  3: 'M8 16.5c1.1-1.6 2.4-2.4 4-2.4s2.9.8 4 2.4',
};

/**
 * A mood face. `active` is the chosen state (spec §4: "the icon turns to its active
 * version"): filled with the mood's colour instead of an outline.
 */
export function MoodIcon({ value, active = false, size = 36 }: { value: number; active?: boolean; size?: number }) {
  const colour = MOOD_COLOURS[value] ?? '#868e96';
  const ink = active ? '#ffffff' : colour;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill={active ? colour : '#ffffff'} stroke={colour} strokeWidth="1.8" />
      <circle cx="9" cy="10" r="1.2" fill={ink} />
      <circle cx="15" cy="10" r="1.2" fill={ink} />
      <path d={MOUTHS[value] ?? MOUTHS[2]} stroke={ink} strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}
