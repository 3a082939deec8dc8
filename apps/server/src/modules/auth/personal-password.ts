import { personalPasswordWeakness } from '@ovation/shared/password-strength';
import type { Db } from '../../db/db.ts';
import { findMemberProfile } from '../../core/members/member.repository.ts';
import { fieldError } from '../../lib/app-errors.ts';

/**
 * Refuses (400, on `field`) a new password made of the member's own name or e-mail address
 * (issue 43, L3): the schema checks what any password must pass; this needs the member.
 */
export async function refusePersonalPassword(db: Db, memberId: number, password: string, field: string) {
  const profile = await findMemberProfile(db, memberId);
  if (!profile) return;
  const { firstName, surname, email } = profile;
  const weakness = personalPasswordWeakness(password, { firstName, surname, email });
  if (weakness) throw fieldError(field, weakness);
}
