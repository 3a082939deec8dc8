import type { MyRecognitionResponse } from '@ovation/shared/schemas/statements';

export type RecognitionItem = MyRecognitionResponse['received'][number];
export type RecognitionKind = RecognitionItem['kind'];

export const KINDS: readonly { kind: RecognitionKind; label: string; color: string }[] = [
  { kind: 'recognition', label: 'Recognition', color: 'indigo' },
  { kind: 'high5', label: 'High Five', color: 'grape' },
  { kind: 'payitforward', label: 'Pay It Forward', color: 'teal' },
];

export const kindInfo = (kind: RecognitionKind) => KINDS.find((k) => k.kind === kind) ?? KINDS[0]!;
