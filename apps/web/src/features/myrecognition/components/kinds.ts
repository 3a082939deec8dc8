import type { MyRecognitionResponse } from '@ovation/shared/schemas/statements';
import { KUDOS_KIND_LABELS, KUDOS_KINDS } from '@ovation/shared/vocabulary';

export type RecognitionItem = MyRecognitionResponse['received'][number];
export type RecognitionKind = RecognitionItem['kind'];

const COLORS: Record<RecognitionKind, string> = {
  recognition: 'indigo',
  high5: 'grape',
  payitforward: 'ovation',
  award: 'yellow',
};

export const KINDS: readonly { kind: RecognitionKind; label: string; color: string }[] = KUDOS_KINDS.map((kind) => ({
  kind,
  label: KUDOS_KIND_LABELS[kind],
  color: COLORS[kind],
}));

export const kindInfo = (kind: RecognitionKind) => KINDS.find((k) => k.kind === kind) ?? KINDS[0]!;
