import type { CelebrationRow } from '@ovation/shared/schemas/feed';

/** The member id of a celebration row: the part of '{id}#{hash}' before the hash. */
export function celebrationMemberId(memberId: string): string {
  return memberId.split('#')[0]?.trim() ?? '';
}

/** Spec §5: a celebration member is registered when the id without its hash is not 0. */
export function isRegisteredCelebration(memberId: string): boolean {
  const id = celebrationMemberId(memberId);
  return id !== '' && id !== '0';
}

/** Spec §2: 'Year' for 1 and 'Years' otherwise. */
export function anniversaryText(years: number): string {
  return `${years} ${years === 1 ? 'Year' : 'Years'}`;
}

/** What is celebrated: 'Birthday' or the work anniversary in years. */
export function celebrationText(row: Pick<CelebrationRow, 'what' | 'years'>): string {
  return row.what === 'BDAY' ? 'Birthday' : `${anniversaryText(row.years)} anniversary`;
}
